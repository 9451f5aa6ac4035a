// The home dashboard's four counts. Each domain that owns one (letters, tasks)
// registers a counter when it lands; until then that count is zero.
import type { DB } from '../db/database';
import type { Principal } from '../auth/principal';

export type BoxName =
  'unReadMessageCount' | 'draftMessageCount' | 'answerRequestCount' | 'unCompleteTaskCount';
export type BoxCounter = (db: DB, principal: Principal) => Promise<number>;

const counters = new Map<BoxName, BoxCounter>();

export function registerBoxCounter(name: BoxName, counter: BoxCounter) {
  counters.set(name, counter);
}

export async function countBoxes(db: DB, principal: Principal): Promise<Record<BoxName, number>> {
  const names: BoxName[] = [
    'unReadMessageCount',
    'draftMessageCount',
    'answerRequestCount',
    'unCompleteTaskCount',
  ];
  const values = await Promise.all(
    names.map((name) => counters.get(name)?.(db, principal) ?? Promise.resolve(0)),
  );
  return Object.fromEntries(names.map((name, i) => [name, values[i]])) as Record<BoxName, number>;
}
