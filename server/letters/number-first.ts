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

/** Numbers a scheme gives stay below 2³¹ (numbering.ts). */
const LONGEST_NUMBER = 9;

/** Might the phrase be a registry number: digits at its end and something else before
 *  them? (Digits alone are a phrase: a number of any scheme is not looked up.) */
export const mayBeRegistryNumber = (phrase: string) => /\D.*\d$/u.test(searchKey(phrase));

interface Numbered {
  scheme: number;
  number: number;
}

/** The part of `key` after `prefix`, when it is digits only (a number a scheme could give). */
function numberAfter(key: string, prefix: string): number | null {
  if (!prefix || !key.startsWith(prefix)) return null;
  const rest = key.slice(prefix.length);
  return /^\d+$/.test(rest) && rest.replace(/^0+/, '').length <= LONGEST_NUMBER ? Number(rest) : null;
}

/**
 * The schemes and numbers the phrase names: by a prefix written as the scheme writes it
 * («الف۱/5» is «الف۱/» and 5, not «الف-» and 15), else by its letters and digits alone
 * («د ۱۲» is «د-» and 12).
 */
function namedNumbers(
  phrase: string,
  schemes: { id: number; andikator_pre_fix: string | null }[],
): Numbered[] {
  const read = (key: string, prefixOf: (prefix: string) => string) =>
    schemes.flatMap((s) => {
      const number = numberAfter(key, prefixOf(s.andikator_pre_fix ?? ''));
      return number === null ? [] : [{ scheme: s.id, number }];
    });
  const asWritten = read(searchKey(phrase), searchKey);
  if (asWritten.length) return asWritten;
  // By letters and digits alone, the number is still the phrase's last run of digits:
  // «د-1,2» names no د-12.
  const lastDigits = Number(/\d+$/.exec(searchKey(phrase))?.[0] ?? NaN);
  return read(bare(phrase), bare).filter((named) => named.number === lastDigits);
}

/** The ids of the tenant's letters the phrase names by their registry number. */
async function numberedLetters(db: LettersDb, tenantId: number, phrase: string): Promise<number[]> {
  const schemes = await db
    .selectFrom('andikators')
    .select(['id', 'andikator_pre_fix'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const named = namedNumbers(phrase, schemes);
  if (!named.length) return [];
  const letters = await db
    .selectFrom('messages')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.or(named.map((n) => eb.and([eb('andikator_fk', '=', n.scheme), eb('number', '=', n.number)]))),
    )
    .execute();
  return letters.map((letter) => letter.id);
}

/**
 * The list's letters that the phrase names by registry number, as the list's records, or
 * none: only those the list holds, so a letter another user cannot see, or another list's,
 * is never shown by its number.
 */
export async function lettersOfNumber(db: LettersDb, list: KeyedList, phrase: string): Promise<PageRecord[]> {
  if (!mayBeRegistryNumber(phrase) || !list.records) return [];
  const ids = await numberedLetters(db, list.tenantId, phrase);
  if (!ids.length) return [];
  const engineDb = db as unknown as EngineDb;
  const page = list
    .rows(engineDb)
    .where(sql.ref(list.id), 'in', ids)
    .select([sql.ref(list.id).as('id'), sql.ref(list.sort).as('sort')])
    .as('p') as PageRows;
  return (await list.records(engineDb, page).execute()) as PageRecord[];
}

/** Which of the pinned letters the search itself finds (`pattern`: the way it searched, as
 *  keyedPage tried it): those its own list and total already hold. */
export async function foundAsSuch(
  db: LettersDb,
  tenantId: number,
  ids: number[],
  pattern: string,
): Promise<number[]> {
  if (!ids.length || !pattern) return [];
  const found = await db
    .selectFrom('messages_search')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('search_text', 'like', pattern)
    .execute();
  return found.map((row) => row.id);
}
