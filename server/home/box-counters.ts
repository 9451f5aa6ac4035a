// The home dashboard's four counts. Each domain that owns one (letters, tasks)
// registers a counter when it lands; until then that count is zero. A count is its
// domain's: a user who holds none of the permissions it names is told zero (one who lost
// letters still has a row of counts, which the letters' calls would not show them).
import type { DB } from '../db/database';
import type { Principal } from '../auth/principal';

export type BoxName =
  'unReadMessageCount' | 'draftMessageCount' | 'answerRequestCount' | 'unCompleteTaskCount';
export type BoxCounter = (db: DB, principal: Principal) => Promise<number>;

const counters = new Map<BoxName, { counter: BoxCounter; permissions: readonly string[] }>();

/** `permissions`: the user must hold one of them to be told the count. */
export function registerBoxCounter(name: BoxName, permissions: readonly string[], counter: BoxCounter) {
  counters.set(name, { counter, permissions });
}

function countOf(db: DB, principal: Principal, name: BoxName): Promise<number> {
  const registered = counters.get(name);
  if (!registered || !registered.permissions.some((p) => principal.permissions.has(p)))
    return Promise.resolve(0);
  return registered.counter(db, principal);
}

export async function countBoxes(db: DB, principal: Principal): Promise<Record<BoxName, number>> {
  const names: BoxName[] = [
    'unReadMessageCount',
    'draftMessageCount',
    'answerRequestCount',
    'unCompleteTaskCount',
  ];
  const values = await Promise.all(names.map((name) => countOf(db, principal, name)));
  return Object.fromEntries(names.map((name, i) => [name, values[i]])) as Record<BoxName, number>;
}
