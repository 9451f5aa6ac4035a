// The generic calls of spec 3 §7 for every resource in src/schemas:
// {name}/list, get, create (POST), update (PUT), delete (DELETE, body Id), each needing the
// resource's permission, and {name}/lookup (names only, for pickers) open to the tenant.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RESOURCES } from '../../src/schemas';
import { inputSchema, type Resource } from '../../src/schemas/kit';
import { fail, listAnswer, ok, UserError } from '../http/answers';
import { field } from '../http/fields';
import { userRoute } from '../http/api-route';
import type { DB } from '../db/database';
import type { Services } from '../services';
import type { Principal } from '../auth/principal';
import { referencedResource } from './catalogue';
import { hooksOf } from './hooks';
import './resource-hooks';
import { listRows, lookupRows } from './lists';
import { registerImageRoutes } from './images';
import { createRecord, deleteRecord, findRow, notFound, updateRecord } from './service';
import { toRecord } from './values';

/** The record's id: `Id` as the specification sends it, or the resource's own id name
 *  (`CustomerGroupId`), which some of its screens send instead. */
function idParams(resource: Resource) {
  const optionalId = field.optionalId('شناسه');
  return { Id: optionalId, [resource.inputName(resource.idField)]: optionalId };
}

function recordId(resource: Resource, params: Record<string, unknown>): number {
  const byOwnName = params[resource.inputName(resource.idField)] as number | undefined;
  const id = (params.Id as number | undefined) ?? byOwnName;
  if (id === undefined) throw new UserError('شناسه الزامی است');
  // Two different ids in one request name no record for sure: change nothing.
  if (byOwnName !== undefined && byOwnName !== id) throw new UserError('شناسه معتبر نیست');
  return id;
}

/** The resource's list filters (`parentId`, …), each named by its field's label. */
function filterParams(resource: Resource) {
  return Object.fromEntries(
    Object.entries(resource.filters ?? {}).map(([name, fieldName]) => {
      const label = resource.fields[fieldName]?.meta.label ?? name;
      // A child resource is listed under one parent at a time: its filter is required.
      return [name, fieldName === resource.parent?.field ? field.id(label) : field.optionalInt(label, 0)];
    }),
  );
}

/** A child resource's list answers only for a parent the user may see. */
async function parentHidden(
  db: DB,
  resource: Resource,
  principal: Principal,
  filters: Record<string, number>,
) {
  if (!resource.parent) return undefined;
  const parentField = resource.fields[resource.parent.field];
  const parent = referencedResource(parentField.meta.resource!);
  const id = filters[resource.column(resource.parent.field)];
  return (await findRow(db, parent, principal, id)) ? undefined : notFound(parent);
}

/** Bound filter values → column conditions (0 = no filter). */
function filterColumns(resource: Resource, params: Record<string, unknown>): Record<string, number> {
  const filters: Record<string, number> = {};
  for (const [name, fieldName] of Object.entries(resource.filters ?? {})) {
    const value = params[name] as number | undefined;
    if (value) filters[resource.column(fieldName)] = value;
  }
  return filters;
}

function listParams(resource: Resource) {
  return z.object({
    Page: field.page(),
    Count: field.pageSize(resource.pageSize ?? 10),
    Phrase: field.optionalText('عبارت جستجو', 200),
    ...filterParams(resource),
  });
}

/** The most records one lookup answers (pickers ask by id or phrase for more). */
export const LOOKUP_LIMIT = 1000;

function lookupParams(resource: Resource) {
  return z.object({
    Ids: field.ids('شناسه‌ها', LOOKUP_LIMIT),
    Phrase: field.optionalText('عبارت جستجو', 200),
    Count: field.pageSize(-1),
    ...filterParams(resource),
  });
}

export function registerResourceRoutes(app: FastifyInstance, services: Services, resource: Resource) {
  const { db } = services;
  const base = resource.name;

  userRoute(app, services, {
    method: 'GET',
    path: `${base}/list`,
    params: listParams(resource),
    permission: resource.permissionFor('list'),
    handler: async ({ params, principal }) => {
      const filters = filterColumns(resource, params);
      const hidden = await parentHidden(db, resource, principal, filters);
      if (hidden) return fail(hidden);
      const count = params.Count === -1 ? -1 : Math.min(params.Count, 500);
      const { rows, total, capped } = await listRows(db, resource, {
        tenantId: principal.tenantId,
        userId: principal.userId,
        permissions: principal.permissions,
        page: params.Page,
        count,
        phrase: params.Phrase,
        filters,
      });
      return listAnswer(
        rows.map((row) => toRecord(resource, row)),
        total,
        'record_count',
        capped,
      );
    },
  });

  userRoute(app, services, {
    method: 'GET',
    path: `${base}/get`,
    permission: resource.permissionFor('list'),
    params: z.object(idParams(resource)),
    handler: async ({ params, principal }) => {
      const row = await findRow(db, resource, principal, recordId(resource, params));
      if (!row) return fail(notFound(resource));
      const record = toRecord(resource, row);
      const extra = (await hooksOf(resource).extendGet?.({ db: db, principal, record })) ?? {};
      return ok({ record, ...extra });
    },
  });

  // Names only, for pickers on other screens (a letter's recipients, a person's city):
  // open to every user of the tenant, unlike list and get.
  userRoute(app, services, {
    method: 'GET',
    path: `${base}/lookup`,
    params: lookupParams(resource),
    handler: async ({ params, principal }) => {
      const hidden = await parentHidden(db, resource, principal, filterColumns(resource, params));
      if (hidden) return fail(hidden);
      const limit = params.Count > 0 ? Math.min(params.Count, LOOKUP_LIMIT) : LOOKUP_LIMIT;
      const { rows, total, capped } = await lookupRows(db, resource, {
        tenantId: principal.tenantId,
        userId: principal.userId,
        permissions: principal.permissions,
        ids: params.Ids,
        phrase: params.Phrase,
        filters: filterColumns(resource, params),
        limit,
      });
      return listAnswer(rows, total, 'totalCount', capped);
    },
  });

  userRoute(app, services, {
    method: 'POST',
    path: `${base}/create`,
    permission: resource.permissionFor('create'),
    params: inputSchema(resource, 'create'),
    handler: async ({ params, principal }) =>
      ok({ id: await createRecord(services, principal, resource, params) }),
  });

  userRoute(app, services, {
    method: ['PUT', 'POST'],
    path: `${base}/update`,
    permission: resource.permissionFor('update'),
    params: inputSchema(resource, 'update').extend(idParams(resource)),
    handler: async ({ params, principal }) => {
      const id = recordId(resource, params);
      await updateRecord(services, principal, resource, id, params);
      return ok({ id });
    },
  });

  userRoute(app, services, {
    method: ['DELETE', 'POST'],
    path: `${base}/delete`,
    permission: resource.permissionFor('delete'),
    params: z.object(idParams(resource)),
    handler: async ({ params, principal }) => {
      await deleteRecord(services, principal, resource, recordId(resource, params));
      return ok();
    },
  });
  hooksOf(resource).routes?.(app, services);
}

export function registerMasterDataRoutes(app: FastifyInstance, services: Services) {
  for (const resource of RESOURCES) registerResourceRoutes(app, services, resource);
  registerImageRoutes(app, services);
}
