// Records chosen by their title alone — a folder in the menu, the folder picker or a
// letter's folder dialog, a receive method in an incoming letter's list — cannot be told
// apart when two read alike, so such a record's title is one of its own among its siblings
// (the folders under the same parent; all of the tenant's receive methods), compared as a
// search compares («نامه ها» is «نامه‌ها», ي is ی, «ﻫﺎ» is «ها», a word joiner or a tatweel
// is nothing: searchKey). Not a unique index: tenants may hold such pairs from before, and
// an index would refuse to build on them; their records stay and stay editable (an update
// that leaves the title as it reads, and the parent, is not judged), a new record or a
// rename or move into a pair is refused. Writes of a table of a tenant take turns (an
// advisory lock for the change's transaction), so two saves at once cannot both pass.
import { sql } from 'kysely';
import { UserError } from '../../http/answers';
import { searchKey } from '../../../src/shared/persian';
import type { SaveContext } from '../hooks';

type Row = Record<string, unknown>;

/** What the check reads of a save: any resource's. */
export type TitledSave = Pick<SaveContext, 'trx' | 'principal'> & { values: unknown; existing?: unknown };

export interface TwinTitles {
  table: string;
  title: string;
  /** The column that makes siblings (a folder's parent); none: all the tenant's rows. */
  parent?: string;
  /** The refusal, given the title as typed. */
  message(title: string): string;
}

export async function refuseTwinTitle({ trx, principal, values, existing }: TitledSave, twins: TwinTitles) {
  const v = values as Row;
  const old = existing as Row | undefined;
  const title = String(v[twins.title] ?? old?.[twins.title] ?? '');
  const parentOf = (row: Row | undefined) => (twins.parent ? (row?.[twins.parent] ?? null) : null);
  const parent = twins.parent && v[twins.parent] !== undefined ? (v[twins.parent] ?? null) : parentOf(old);
  const key = searchKey(title);
  if (old && searchKey(String(old[twins.title] ?? '')) === key && parent === parentOf(old)) return;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${twins.table}), ${principal.tenantId})`.execute(trx);
  const siblings = await sql<{ title: string }>`
    SELECT ${sql.ref(twins.title)} AS title FROM ${sql.table(twins.table)}
     WHERE tenant_id = ${principal.tenantId}
       AND ${twins.parent ? sql`${sql.ref(twins.parent)} IS NOT DISTINCT FROM ${parent}` : sql`true`}
       AND id <> ${Number(old?.id ?? 0)}`.execute(trx);
  if (siblings.rows.some((row) => searchKey(row.title) === key))
    throw new UserError(twins.message(title.trim()));
}
