// The dashboard's favourite contacts (spec 1 §2 Home): the colleagues whose letters the
// user wants first. Chosen as persons, kept as users (people.ts says why).
import { sql } from 'kysely';
import { UserError } from '../http/answers';
import type { Services } from '../services';
import type { Viewer } from './access';
import { colleaguesOf } from './people';
import type { LettersDb } from './schema';
import { letterChange } from './transaction';

export async function saveFavoritePersons(services: Services, viewer: Viewer, personIds: number[]) {
  await letterChange(services, async (trx, afterCommit) => {
    // One save of a user's choice at a time: two at once (a double click, two tabs) would
    // each clear the old choice and write their own, the second a duplicate key (probe
    // helper-66: a 500). Now the later waits and its choice stands.
    await sql`SELECT pg_advisory_xact_lock(hashtext('favorite-persons'), ${viewer.userId}::int)`.execute(trx);
    const chosenBefore = await trx
      .selectFrom('favorite_persons')
      .select('person_user_id')
      .where('tenant_id', '=', viewer.tenantId)
      .where('user_id', '=', viewer.userId)
      .execute();
    const kept = new Set(chosenBefore.map((row) => row.person_user_id));
    const people = await colleaguesOf(trx, viewer.tenantId, personIds, 'اشخاص دلخواه', { kept });
    // Their letters are the ones in the user's cartable: the user's own never are.
    if (people.some((person) => person.userId === viewer.userId))
      throw new UserError('اشخاص دلخواه: نمی‌توانید خودتان را برگزینید');
    await trx
      .deleteFrom('favorite_persons')
      .where('tenant_id', '=', viewer.tenantId)
      .where('user_id', '=', viewer.userId)
      .execute();
    if (people.length)
      await trx
        .insertInto('favorite_persons')
        .values(
          people.map((person, position) => ({
            tenant_id: viewer.tenantId,
            user_id: viewer.userId,
            person_user_id: person.userId,
            position,
          })),
        )
        .execute();
    // The user's other tabs list the new contacts' letters at once, not at the next letter.
    afterCommit(() => services.notifier.lettersChanged([viewer.userId]));
  });
}

/** The user's favourite contacts as persons ({id, firstName, lastName, isActive}), in the
 *  order chosen. One switched off since stays chosen (colleaguesOf keeps it): the dialog
 *  marks it, since the person lookup would not offer it again once taken off. */
export async function favoritePersons(services: Services, viewer: Viewer) {
  const db = services.db as unknown as LettersDb;
  return db
    .selectFrom('favorite_persons as f')
    .innerJoin('persons as p', (join) =>
      join.onRef('p.tenant_id', '=', 'f.tenant_id').onRef('p.user_fk', '=', 'f.person_user_id'),
    )
    .select(['p.id', 'p.first_name as firstName', 'p.last_name as lastName', 'p.is_active as isActive'])
    .where('f.tenant_id', '=', viewer.tenantId)
    .where('f.user_id', '=', viewer.userId)
    .orderBy('f.position')
    .execute();
}
