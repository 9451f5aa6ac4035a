// What keeps master data whole when changes run side by side (PostgreSQL runs them at
// once; PGlite one after another): a chain of parents that never closes into a loop, and
// a picture that stays on disk while any record still names it. Each is a transaction-long
// advisory lock that the changes which could collide take before they look, so the second
// one looks only after the first has committed and sees what it wrote.
import { sql } from 'kysely';
import type { Resource } from '../../src/schemas/kit';
import type { EngineDb } from './repository';

/** The fields that name a record of the resource's own kind: a tree's parent (an org
 *  unit's), and a plain reference to its own resource (a company's parent company). */
export function parentFields(resource: Resource): string[] {
  return Object.keys(resource.fields).filter((name) => {
    const meta = resource.fields[name].meta;
    return (
      (meta.kind === 'treeParent' || meta.kind === 'reference') &&
      meta.resource === resource.name &&
      !meta.virtual
    );
  });
}

/**
 * Serialises the updates of one tenant's table that set a parent, and every update of a
 * tree. Two updates that would close a loop together (A under B, B under A) each find no
 * loop in what the other has not committed yet; under this lock the second looks after
 * the first has committed. Taken before the updated row is locked, so that a holder of
 * this lock never waits for a row whose holder waits for it — hence a tree's every update:
 * renaming a node rewrites the paths below it, and would otherwise hold the node while
 * waiting for a descendant that a move under that node holds (a move's reference to its
 * new parent waits for the parent's row).
 */
export async function lockParentChanges(trx: EngineDb, resource: Resource, tenantId: number) {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`masterdata-parent:${resource.table}`}), ${tenantId}::int)`.execute(
    trx,
  );
}

/**
 * Would `candidate` as the parent of `nodeId` (by `column`) close a loop: is the node the
 * candidate itself or one of its ancestors? Walks up from the candidate (as deep as the
 * chain, not as wide as the subtree); UNION ends the walk on a loop stored before loops
 * were refused, where UNION ALL would walk it for ever.
 */
export async function closesLoop(
  trx: EngineDb,
  resource: Resource,
  column: string,
  tenantId: number,
  nodeId: number,
  candidate: number,
): Promise<boolean> {
  const table = sql.table(resource.table);
  const parent = sql.ref(column);
  const result = await sql<{ found: boolean }>`
    WITH RECURSIVE up (id, parent) AS (
      SELECT id, ${parent} FROM ${table} WHERE tenant_id = ${tenantId} AND id = ${candidate}
      UNION
      SELECT p.id, p.${parent} FROM ${table} p JOIN up ON p.id = up.parent WHERE p.tenant_id = ${tenantId}
    ) SELECT EXISTS (SELECT 1 FROM up WHERE id = ${nodeId}) AS found`.execute(trx);
  return Boolean(result.rows[0]?.found);
}

/**
 * Serialises, per stored picture, a save that names it and the removal of it: held by a
 * save from its start (before its check that the file exists) until its commit, and by a
 * removal from its look for a record naming the file until the file is gone.
 */
export async function lockPicture(trx: EngineDb, resource: Resource, tenantId: number, name: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`masterdata-image:${resource.table}`}), hashtext(${`${tenantId}/${name}`}))`.execute(
    trx,
  );
}

/** Does any of the tenant's records of the resource name this picture in any picture field? */
export async function pictureNamed(
  trx: EngineDb,
  resource: Resource,
  columns: string[],
  tenantId: number,
  fullPath: string,
): Promise<boolean> {
  if (!columns.length) return false;
  const row = await trx
    .selectFrom(resource.table)
    .select(sql`1`.as('named'))
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or(columns.map((column) => eb(column, '=', fullPath))))
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}
