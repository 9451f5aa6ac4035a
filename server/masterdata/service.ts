// The rules of the generic calls: references must exist in the same tenant, a parent (a
// tree's, a company's parent company) may not be the record or below it, a record still
// in use is not deleted, and every change runs in one transaction with its hooks. The SQL
// is all in repository.ts (and the locks and walks of integrity.ts): this file decides,
// those read and write.
import { activeField, type Resource } from '../../src/schemas/kit';
import { UserError } from '../http/answers';
import type { Principal } from '../auth/principal';
import type { Services } from '../services';
import { referencedResource, titleColumn, usagesOf } from './catalogue';
import { hooksOf, type SaveContext, type Trx } from './hooks';
import {
  columnOf,
  deleteRow,
  findRow,
  holdsKey,
  insertRow,
  isUsed,
  lockRow,
  missingIds,
  rewriteSubtreePaths,
  treePath,
  updateRow,
  writeJoinRows,
  type EngineDb,
} from './repository';
import { checkRules, keepKeysAsStored, searchText, toColumns, type Row } from './values';
import { checkImages, droppedImages, lockImages, removeImages } from './images';
import { changeInTransaction, REFERENCE_GONE, type AfterCommit } from '../db/change';
import { closesLoop, lockParentChanges, parentFields } from './integrity';
import { refuseTwinTitle } from './twin-titles';

export const notFound = (resource: Resource) => `${resource.singular} یافت نشد`;

/** A child record's parent must be one the user may see, and stays its parent for good. */
async function checkParent(trx: Trx, resource: Resource, principal: Principal, values: Row, existing?: Row) {
  if (!resource.parent) return;
  const field = resource.fields[resource.parent.field];
  const column = resource.column(resource.parent.field);
  if (existing) {
    if (column in values && values[column] !== existing[column])
      throw new UserError(`${field.meta.label} را نمی‌توان تغییر داد`);
    return;
  }
  const parent = referencedResource(field.meta.resource!);
  if (!(await findRow(trx, parent, principal, values[column] as number)))
    throw new UserError(`${field.meta.label} انتخاب‌شده وجود ندارد`);
}

async function checkReferences(
  trx: Trx,
  resource: Resource,
  tenantId: number,
  input: Record<string, unknown>,
) {
  for (const [name, field] of Object.entries(resource.fields)) {
    const { kind, resource: target, label } = field.meta;
    if (!target || !['reference', 'references', 'treeParent'].includes(kind)) continue;
    const value = input[resource.inputName(name)];
    const ids = (Array.isArray(value) ? value : value ? [value] : []) as number[];
    if ((await missingIds(trx, referencedResource(target), tenantId, ids)).length)
      throw new UserError(`${label} انتخاب‌شده وجود ندارد`);
  }
}

/**
 * A record switched off (kit marksActive: an org unit, a post, a company, a person, a
 * numbering scheme) is not newly chosen: «… انتخاب‌شده غیرفعال است». One already chosen
 * stays — an update that keeps it (or leaves the field out) is not refused for it, so a
 * person whose post was closed can still have their phone changed.
 */
async function checkActiveReferences(
  trx: Trx,
  resource: Resource,
  tenantId: number,
  id: number | undefined,
  input: Record<string, unknown>,
  existing?: Row,
) {
  for (const [name, field] of Object.entries(resource.fields)) {
    const { kind, resource: targetName, label } = field.meta;
    if (!targetName || !['reference', 'references', 'treeParent'].includes(kind)) continue;
    const value = input[resource.inputName(name)];
    const target = referencedResource(targetName);
    const active = activeField(target);
    if (!active || value === undefined || value === null) continue;
    const ids = (Array.isArray(value) ? value : [value]) as number[];
    const kept = new Set(
      kind === 'references'
        ? id === undefined
          ? []
          : await joinIdsOf(trx, resource, name, tenantId, id)
        : [existing?.[resource.column(name)]],
    );
    const chosen = ids.filter((ref) => !kept.has(ref));
    if (!chosen.length) continue;
    const inactive = await (trx as unknown as EngineDb)
      .selectFrom(target.table)
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', chosen)
      .where(target.column(active), '=', false)
      .limit(1)
      .executeTakeFirst();
    if (inactive) throw new UserError(`${label} انتخاب‌شده غیرفعال است`);
  }
}

/** The ids a record's `references` field holds now. */
async function joinIdsOf(trx: Trx, resource: Resource, name: string, tenantId: number, id: number) {
  const rows = await (trx as unknown as EngineDb)
    .selectFrom(resource.joinTable(name))
    .select('ref_id')
    .where('tenant_id', '=', tenantId)
    .where('record_id', '=', id)
    .execute();
  return rows.map((row: { ref_id: number }) => row.ref_id);
}

/** A narrowed reference (a person's city) must lie within the record's narrowing field
 *  (their province); that field, when empty, is taken from the chosen record. On update
 *  the pair is judged only when the request names one of its fields, the stored value
 *  standing in for the other: an update that names neither leaves both as they are, even
 *  when the chosen record has moved since (a city put in another province) — an edit of a
 *  person's father's name is not refused for it. */
async function checkNarrowed(trx: Trx, resource: Resource, tenantId: number, values: Row, existing?: Row) {
  const effective = (column: string) => (column in values ? values[column] : existing?.[column]);
  for (const [name, field] of Object.entries(resource.fields)) {
    const narrowed = field.meta.narrowedBy;
    if (!narrowed) continue;
    if (existing && !(resource.column(name) in values) && !(resource.column(narrowed.field) in values))
      continue;
    const chosen = effective(resource.column(name)) as number | null | undefined;
    if (!chosen) continue;
    const target = referencedResource(field.meta.resource!);
    const targetColumn = target.column(target.filters![narrowed.filter]);
    const within = await columnOf(trx, target, tenantId, chosen, targetColumn);
    if (within === undefined) continue; // checkReferences has refused it already
    const ownColumn = resource.column(narrowed.field);
    const own = effective(ownColumn);
    if (!own) values[ownColumn] = within;
    else if (own !== within) {
      throw new UserError(
        `${field.meta.label} انتخاب‌شده در ${resource.fields[narrowed.field].meta.label} انتخاب‌شده نیست`,
      );
    }
  }
}

/** The parents an update sets (a tree's parent, a company's parent company), by field. */
const parentsSet = (resource: Resource, input: Record<string, unknown>) =>
  parentFields(resource).filter((name) => input[resource.inputName(name)]);

/** A record's parent may not be the record itself or below it: that would close a loop
 *  (and leave the records in it undeletable, each used by the next). The caller holds
 *  lockParentChanges, so two updates that would close a loop together are judged one
 *  after the other. */
async function checkTreeParent(
  trx: Trx,
  resource: Resource,
  tenantId: number,
  id: number,
  input: Record<string, unknown>,
) {
  for (const name of parentsSet(resource, input)) {
    const parentId = input[resource.inputName(name)] as number;
    if (await closesLoop(trx, resource, resource.column(name), tenantId, id, parentId)) {
      throw new UserError(
        `${resource.fields[name].meta.label} نمی‌تواند خود این ${resource.singular} یا زیرمجموعه آن باشد`,
      );
    }
  }
}

/** A record with the same value of a `unique` key, other than the one being saved? */
async function checkUnique(trx: Trx, resource: Resource, tenantId: number, values: Row, id?: number) {
  for (const key of resource.unique ?? []) {
    const columns = key.map((field) => resource.column(field));
    const held = Object.fromEntries(columns.map((column) => [column, values[column]]));
    if (await holdsKey(trx, resource, tenantId, held, id))
      throw new UserError(duplicateMessage(resource, key));
  }
}

const duplicateMessage = (resource: Resource, key: readonly string[]) =>
  `این ${key.map((field) => resource.fields[field].meta.label).join(' و ')} قبلاً در «${resource.title}» ثبت شده است`;

/** Two saves racing past checkUnique: the unique index refuses the second, in the same words. */
async function refusingDuplicates<T>(resource: Resource, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    throw new UserError(
      resource.unique?.length
        ? duplicateMessage(resource, resource.unique[0])
        : `این ${resource.singular} قبلاً ثبت شده است`,
    );
  }
}

/** A tree node's path from its parent's path and its own title (the row's values). */
function nodePath(trx: Trx, resource: Resource, tenantId: number, values: Row) {
  const parent = (values[resource.column(resource.treeField()!)] as number | null) ?? null;
  return treePath(trx, resource, tenantId, parent, String(values[titleColumn(resource)] ?? ''));
}

/**
 * A change's transaction (db/change.ts: retried on a deadlock; what hooks leave for after
 * the commit, such as closing revoked sessions' connections, runs once it has committed;
 * a record this change names, deleted by another change after it was checked, or one
 * this delete leaves named by a record saved meanwhile, fails the foreign key: `gone`).
 */
const change = <T>(
  services: Services,
  work: (trx: Trx, afterCommit: AfterCommit) => Promise<T>,
  gone = REFERENCE_GONE,
): Promise<T> => changeInTransaction(services.db, services.log, work, gone);

export async function createRecord(
  services: Services,
  principal: Principal,
  resource: Resource,
  input: Record<string, unknown>,
) {
  const hooks = hooksOf(resource);
  return change(services, async (trx, afterCommit) => {
    // Before any row is locked (images.ts, lockImages).
    await lockImages(trx, resource, principal.tenantId, input);
    await checkReferences(trx, resource, principal.tenantId, input);
    await checkActiveReferences(trx, resource, principal.tenantId, undefined, input);
    const values = toColumns(resource, input, 'create');
    await checkParent(trx, resource, principal, values);
    await checkNarrowed(trx, resource, principal.tenantId, values);
    const ctx: SaveContext = { trx, services, principal, mode: 'create', input, values, afterCommit };
    await hooks.beforeSave?.(ctx);
    await refuseTwinTitle(trx, principal, resource, values);
    checkImages(services, resource, principal.tenantId, values);
    checkRules(resource, values);
    const row: Row = { ...values, tenant_id: principal.tenantId, search_text: searchText(resource, values) };
    if (resource.ownedByUser) row.user_id = principal.userId;
    if (resource.treeField()) row.full_name = await nodePath(trx, resource, principal.tenantId, values);
    await checkUnique(trx, resource, principal.tenantId, row);
    const id = await refusingDuplicates(resource, () => insertRow(trx, resource, row));
    await writeJoinRows(trx, resource, principal.tenantId, id, input);
    await hooks.afterSave?.({ ...ctx, id });
    return id;
  });
}

export async function updateRecord(
  services: Services,
  principal: Principal,
  resource: Resource,
  id: number,
  input: Record<string, unknown>,
) {
  const hooks = hooksOf(resource);
  await change(services, async (trx, afterCommit) => {
    // Before any row is locked, in this order (integrity.ts, images.ts say why).
    if (resource.treeField() || parentsSet(resource, input).length)
      await lockParentChanges(trx, resource, principal.tenantId);
    await lockImages(trx, resource, principal.tenantId, input);
    const existing = await lockRow(trx, resource, principal, id);
    if (!existing) throw new UserError(notFound(resource));
    await checkReferences(trx, resource, principal.tenantId, input);
    await checkActiveReferences(trx, resource, principal.tenantId, id, input, existing);
    await checkTreeParent(trx, resource, principal.tenantId, id, input);
    const values = toColumns(resource, input, 'update');
    await checkParent(trx, resource, principal, values, existing);
    await checkNarrowed(trx, resource, principal.tenantId, values, existing);
    const ctx: SaveContext = {
      trx,
      services,
      principal,
      mode: 'update',
      input,
      values,
      existing,
      afterCommit,
    };
    await hooks.beforeSave?.(ctx);
    await refuseTwinTitle(trx, principal, resource, values, existing);
    keepKeysAsStored(resource, values, existing);
    const merged = { ...existing, ...values };
    checkImages(services, resource, principal.tenantId, values);
    checkRules(resource, merged, existing);
    const dropped = droppedImages(resource, existing, merged);
    afterCommit(() => removeImages(services, resource, principal.tenantId, dropped));
    await checkUnique(trx, resource, principal.tenantId, merged, id);
    await refusingDuplicates(resource, () =>
      updateRow(trx, resource, principal, id, { ...values, search_text: searchText(resource, merged) }),
    );
    const treeField = resource.treeField();
    if (treeField) {
      const path = await nodePath(trx, resource, principal.tenantId, merged);
      await updateRow(trx, resource, principal, id, { full_name: path });
      await rewriteSubtreePaths(trx, resource, resource.column(treeField), principal.tenantId, id);
    }
    await writeJoinRows(trx, resource, principal.tenantId, id, input);
    await hooks.afterSave?.({ ...ctx, id });
  });
}

export async function deleteRecord(services: Services, principal: Principal, resource: Resource, id: number) {
  const hooks = hooksOf(resource);
  await change(
    services,
    async (trx, afterCommit) => {
      const existing = await lockRow(trx, resource, principal, id);
      if (!existing) throw new UserError(notFound(resource));
      for (const usage of usagesOf(resource)) {
        await usage.release?.(trx, principal.tenantId, id);
        if (await isUsed(trx, usage.table, usage.column, principal.tenantId, id)) {
          // Its own kind under it: a folder with folders in it, a unit with units.
          throw new UserError(
            usage.resource?.name === resource.name
              ? `این ${resource.singular} زیرمجموعه دارد و حذف نمی‌شود؛ ابتدا زیرمجموعه‌های آن را حذف یا جابه‌جا کنید`
              : `این ${resource.singular} در «${usage.title}» استفاده شده است و حذف نمی‌شود`,
          );
        }
      }
      await hooks.beforeDelete?.({ trx, services, principal, row: existing, afterCommit });
      await deleteRow(trx, resource, principal, id);
      const dropped = droppedImages(resource, existing);
      afterCommit(() => removeImages(services, resource, principal.tenantId, dropped));
    },
    `این ${resource.singular} هم‌زمان در جای دیگری به کار رفت و حذف نمی‌شود`,
  );
}

export { findRow };
