// The generic calls of spec 3 §7 for every resource in src/schemas:
// {name}/list, get, create (POST), update (PUT), delete (DELETE, body Id).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RESOURCES } from '../../src/schemas';
import { inputSchema, type Resource } from '../../src/schemas/kit';
import { fail, listAnswer, ok, UserError } from '../http/answers';
import { toNumber } from '../../src/shared/coerce';
import { field } from '../http/fields';
import { userRoute } from '../http/api-route';
import type { Services } from '../services';
import { hooksOf, type AnyDb } from './hooks';
import './resource-hooks';
import { listRows } from './repository';
import { registerImageRoutes } from './images';
import { createRecord, deleteRecord, findRow, notFound, updateRecord } from './service';
import { toRecord } from './values';

/** The record's id: `Id` as the specification sends it, or the resource's own id name
 *  (`CustomerGroupId`), which some of its screens send instead. */
function idParams(resource: Resource) {
  const optionalId = z.preprocess(toNumber, z.number().int().optional()).describe('شناسه');
  return { Id: optionalId, [resource.inputName(resource.idField)]: optionalId };
}

function recordId(resource: Resource, params: Record<string, unknown>): number {
  const id = (params.Id ?? params[resource.inputName(resource.idField)]) as number | undefined;
  if (id === undefined) throw new UserError('شناسه الزامی است');
  return id;
}

function listParams(resource: Resource) {
  const filters = Object.fromEntries(
    Object.keys(resource.filters ?? {}).map((name) => [name, field.optionalInt(name, 0)]),
  );
  return z.object({
    Page: field.optionalInt('صفحه', 1),
    Count: field.optionalInt('تعداد', resource.pageSize ?? 10),
    Phrase: field.optionalText('عبارت جستجو', 200),
    ...filters,
  });
}

export function registerResourceRoutes(app: FastifyInstance, services: Services, resource: Resource) {
  const anyDb = services.db as unknown as AnyDb;
  const base = resource.name;

  userRoute(app, services, {
    method: 'GET',
    path: `${base}/list`,
    params: listParams(resource),
    handler: async ({ params, principal }) => {
      const filters: Record<string, number> = {};
      for (const [name, fieldName] of Object.entries(resource.filters ?? {})) {
        const value = (params as unknown as Record<string, number>)[name];
        if (value) filters[resource.column(fieldName)] = value;
      }
      const count = params.Count === -1 ? -1 : Math.min(Math.max(params.Count, 1), 500);
      const { rows, total } = await listRows(anyDb, resource, {
        tenantId: principal.tenantId,
        userId: principal.userId,
        page: params.Page,
        count,
        phrase: params.Phrase,
        filters,
      });
      return listAnswer(
        rows.map((row) => toRecord(resource, row)),
        total,
      );
    },
  });

  userRoute(app, services, {
    method: 'GET',
    path: `${base}/get`,
    params: z.object(idParams(resource)),
    handler: async ({ params, principal }) => {
      const row = await findRow(anyDb, resource, principal, recordId(resource, params));
      if (!row) return fail(notFound(resource));
      const record = toRecord(resource, row);
      const extra = (await hooksOf(resource.name).extendGet?.({ db: anyDb, principal, record })) ?? {};
      return ok({ record, ...extra });
    },
  });

  userRoute(app, services, {
    method: 'POST',
    path: `${base}/create`,
    permission: resource.permission,
    params: inputSchema(resource, 'create'),
    handler: async ({ params, principal }) =>
      ok({ id: await createRecord(services, principal, resource, params) }),
  });

  userRoute(app, services, {
    method: ['PUT', 'POST'],
    path: `${base}/update`,
    permission: resource.permission,
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
    permission: resource.permission,
    params: z.object(idParams(resource)),
    handler: async ({ params, principal }) => {
      await deleteRecord(services, principal, resource, recordId(resource, params));
      return ok();
    },
  });
  hooksOf(resource.name).routes?.(app, services);
}

export function registerMasterDataRoutes(app: FastifyInstance, services: Services) {
  for (const resource of RESOURCES) registerResourceRoutes(app, services, resource);
  registerImageRoutes(app, services);
}
