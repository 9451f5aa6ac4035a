// A phrase that reads as a registry number («د-12», «د ۱۲», «د12»): the letter of that
// number comes first on the list's first page. As a phrase it matches every letter whose
// text holds it, newest first — «د-12» also finds د-120 … د-129, د-1200 …, and the letter
// asked for, the oldest of them, was on the last page (eleven thousand letters on at a
// million). Its look-up is a key's: the schemes of the prefix, then (tenant, scheme, number).
import { sql } from 'kysely';
import { searchKey } from '../../src/shared/persian';
import type { KeyedList, PageRecord, PageRows } from '../masterdata/paging';
import type { EngineDb } from '../masterdata/repository';
import type { LettersDb } from './schema';

/** A key's letters and digits only: «د-12», «د 12» and «د12» read alike. */
const bare = (text: string) => searchKey(text).replace(/[^\p{L}\p{N}]/gu, '');

export interface RegistryNumber {
  /** The prefix as `bare` reads it («د» of «د-12»). */
  prefix: string;
  number: number;
}

/** The registry number a phrase reads as: a prefix (a scheme's prefix never ends with a
 *  digit) and then digits; a phrase of digits alone is a number of any scheme, and a phrase
 *  is searched as such. */
export function registryNumberOf(phrase: string): RegistryNumber | null {
  const found = /^(\D+?)(\d{1,9})$/u.exec(bare(phrase));
  if (!found) return null;
  return { prefix: found[1], number: Number(found[2]) };
}

/** The ids of the tenant's letters numbered so, by the schemes whose prefix reads alike. */
async function numberedLetters(db: LettersDb, tenantId: number, wanted: RegistryNumber): Promise<number[]> {
  const schemes = await db
    .selectFrom('andikators')
    .select(['id', 'andikator_pre_fix'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const ids = schemes.filter((s) => bare(s.andikator_pre_fix ?? '') === wanted.prefix).map((s) => s.id);
  if (!ids.length) return [];
  const letters = await db
    .selectFrom('messages')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('andikator_fk', 'in', ids)
    .where('number', '=', wanted.number)
    .execute();
  return letters.map((letter) => letter.id);
}

/**
 * The list's letters of the registry number `wanted` as records (the list's own), or none:
 * only those the list holds, so a letter another user cannot see, or another list's, is
 * never shown by its number.
 */
export async function letterOfNumber(
  db: LettersDb,
  list: KeyedList,
  wanted: RegistryNumber,
): Promise<PageRecord[]> {
  const ids = await numberedLetters(db, list.tenantId, wanted);
  if (!ids.length || !list.records) return [];
  const engineDb = db as unknown as EngineDb;
  const page = list
    .rows(engineDb)
    .where(sql.ref(list.id), 'in', ids)
    .select([sql.ref(list.id).as('id'), sql.ref(list.sort).as('sort')])
    .as('p') as PageRows;
  return (await list.records(engineDb, page).execute()) as PageRecord[];
}
