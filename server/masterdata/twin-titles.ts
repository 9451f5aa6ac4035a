// Records chosen by their title alone — a bank in an account's form, a customer group in a
// customer's, a province or its city, a folder in the menu, a receive method in an incoming
// letter's list — cannot be told apart when two read alike, so a resource that declares
// `ownTitle` (src/schemas/kit.ts) keeps each title one of its own among its siblings (the
// records of the same `within`, or all of the tenant's), compared as a search compares
// («نامه ها» is «نامه‌ها», ي is ی, «ﻫﺎ» is «ها», a word joiner or a tatweel is nothing:
// searchKey). Not a unique index: tenants may hold such pairs from before, and an index
// would refuse to build on them; their records stay and stay editable (an update that
// leaves the title as it reads, and the `within`, is not judged), a new record or a rename
// or move into a pair is refused. Saves of one table of a tenant that are judged take turns
// (an advisory lock for the change's transaction), so two saves at once cannot both pass.
import { sql } from 'kysely';
import { UserError } from '../http/answers';
import { searchKey } from '../../src/shared/persian';
import type { Resource } from '../../src/schemas/kit';
import type { Principal } from '../auth/principal';
import type { Trx } from './hooks';
import { titleColumn } from './catalogue';
import type { Row } from './values';

/** Separators an account number is written with, or without: space, dash, dot, slash. */
const SEPARATORS = /[\s\-./_]/g;

export async function refuseTwinTitle(
  trx: Trx,
  principal: Principal,
  resource: Resource,
  values: Row,
  existing?: Row,
) {
  const own = resource.ownTitle;
  if (!own) return;
  const titleOf = (row: Row | undefined) => row?.[titleColumn(resource)];
  const within = own.within ? resource.column(own.within) : undefined;
  const withinOf = (row: Row | undefined) => (within ? (row?.[within] ?? null) : null);
  const title = String(titleOf(values) ?? titleOf(existing) ?? '');
  const parent = within && values[within] !== undefined ? (values[within] ?? null) : withinOf(existing);
  const keyOf = (text: unknown) => {
    const key = searchKey(String(text ?? ''));
    return own.separatorsIgnored ? key.replace(SEPARATORS, '') : key;
  };
  const key = keyOf(title);
  if (existing && keyOf(titleOf(existing)) === key && parent === withinOf(existing)) return;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`masterdata-title:${resource.table}`}), ${principal.tenantId}::int)`.execute(
    trx,
  );
  const siblings = await sql<{ title: string }>`
    SELECT ${sql.ref(titleColumn(resource))} AS title FROM ${sql.table(resource.table)}
     WHERE tenant_id = ${principal.tenantId}
       AND ${within ? sql`${sql.ref(within)} IS NOT DISTINCT FROM ${parent}` : sql`true`}
       AND id <> ${Number(existing?.id ?? 0)}`.execute(trx);
  if (siblings.rows.some((row) => keyOf(row.title) === key)) throw new UserError(own.message(title.trim()));
}
