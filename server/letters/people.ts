// People on letters. The API names colleagues by their person id (the pickers read
// person/lookup); the letters store the person's user id, because a user outlives a
// deleted person and is who signs in, holds a cartable and gets notifications.
import { sql } from 'kysely';
import { UserError } from '../http/answers';
import type { Permission } from '../../src/shared/permissions';
import type { LettersDb, LettersTrx } from './schema';
import { ONE_PLAN } from '../db/named-statements';

type Reader = LettersDb | LettersTrx;

export interface Colleague {
  personId: number;
  userId: number;
  name: string;
}

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** The colleagues named by person ids, in the order given; refuses an id that is not a
 *  person of the tenant in the words of the engine («… انتخاب‌شده وجود ندارد»), one switched
 *  off, and — for whoever a letter goes to (`readers`) — one without Messages: the letter
 *  would count in their cartable and bell and open only «دسترسی ندارید». Those the
 *  letter (or list) holds already (`kept`) stay, whatever changed since. */
export async function colleaguesOf(
  db: Reader,
  tenantId: number,
  personIds: readonly number[],
  label: string,
  options: { kept?: ReadonlySet<number>; readers?: boolean } = {},
): Promise<Colleague[]> {
  const ids = [...new Set(personIds)];
  if (!ids.length) return [];
  const kept = options.kept ?? NO_ONE;
  const rows = await db
    .selectFrom('persons')
    .select(['id', 'user_fk', 'first_name', 'last_name', 'is_active'])
    .select(
      sql<boolean>`EXISTS (
        SELECT 1 FROM user_group_members m
          JOIN user_groups g ON g.id = m.group_id AND g.is_active
          JOIN user_group_permissions p ON p.group_id = g.id
         WHERE m.tenant_id = persons.tenant_id AND m.user_id = persons.user_fk
           AND p.permission = ${RECIPIENTS_NEED})`.as('reads_letters'),
    )
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new UserError(`${label} انتخاب‌شده وجود ندارد`);
    const name = fullName(row.first_name, row.last_name);
    const isKept = kept.has(row.user_fk);
    // Switched off, they cannot sign in to read it: not newly chosen (the pickers leave them out).
    if (row.is_active === false && !isKept) throw new UserError(`${label}: «${name}» غیرفعال است`);
    if (options.readers && !row.reads_letters && !isKept)
      throw new UserError(`${label}: «${name}» به نامه‌ها دسترسی ندارد`);
    return { personId: row.id, userId: row.user_fk, name };
  });
}

/** A letter lands in its recipient's cartable, a screen of Messages: a reader of all
 *  letters alone (AllMessages) would get its count and notice and no screen to open. */
const RECIPIENTS_NEED: Permission = 'Messages';

/** A colleague named by user id (a reply's recipient: the original's sender), checked as
 *  colleaguesOf checks those named by person. */
export async function colleagueOfUser(
  db: Reader,
  tenantId: number,
  userId: number,
  label: string,
  options: { kept?: ReadonlySet<number>; readers?: boolean } = {},
): Promise<Colleague> {
  const person = await db
    .selectFrom('persons')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('user_fk', '=', userId)
    .executeTakeFirst();
  if (!person) {
    // A person deleted since (their user stays, for the letters that name them): the
    // refusal names them, as the reply dialog does (probe helper-92).
    const user = await db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw new UserError(`${label} انتخاب‌شده وجود ندارد`);
    throw new UserError(
      `${label}: «${fullName(user.first_name, user.last_name)}» از فهرست اشخاص حذف شده است`,
    );
  }
  const [colleague] = await colleaguesOf(db, tenantId, [person.id], label, options);
  return colleague;
}

const NO_ONE: ReadonlySet<number> = new Set();

/** Person id and name of each of these users (a user without a person keeps its name). */
export async function colleaguesByUser(
  db: Reader,
  tenantId: number,
  userIds: readonly number[],
): Promise<Map<number, { personId: number | null; name: string; pic: string }>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('users as u')
    .modifyFront(ONE_PLAN)
    .leftJoin('persons as p', (join) =>
      join.onRef('p.tenant_id', '=', 'u.tenant_id').onRef('p.user_fk', '=', 'u.id'),
    )
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.profile_pic', 'p.id as person_id'])
    .where('u.tenant_id', '=', tenantId)
    .where('u.id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { personId: row.person_id, name: fullName(row.first_name, row.last_name), pic: row.profile_pic },
    ]),
  );
}

/** The name of one user of the tenant ('' if none). */
export async function userName(db: Reader, tenantId: number, userId: number): Promise<string> {
  return (await colleaguesByUser(db, tenantId, [userId])).get(userId)?.name ?? '';
}
