// The answer shapes of the specification: status 1/0 with a Persian message, spelt
// `messge` on some calls (we send both spellings there so any client reads it).

export const SUCCESS_MESSAGE = 'درخواست با موفقیت انجام شد';

export type Spelling = 'message' | 'messge' | 'both';

export function ok<T extends object>(extra?: T, spelling: Spelling = 'message') {
  return { status: 1 as const, ...withMessage(SUCCESS_MESSAGE, spelling), ...(extra ?? ({} as T)) };
}

export function fail(message: string, spelling: Spelling = 'message') {
  return { status: 0 as const, ...withMessage(message, spelling) };
}

function withMessage(message: string, spelling: Spelling) {
  if (spelling === 'message') return { message };
  if (spelling === 'messge') return { messge: message };
  return { message, messge: message };
}

/**
 * An answer that is the same for many calls (the menu of a permission set), turned into
 * JSON and UTF-8 once: sent as these bytes, it skips serialising and encoding on every
 * call (12 % of the server's time on menu/list). userRoute sends it as JSON.
 */
export class EncodedAnswer {
  readonly bytes: Buffer;
  constructor(answer: object) {
    this.bytes = Buffer.from(JSON.stringify(answer), 'utf8');
  }
}

/** A rule broken by the user's input or state: answered as status 0, never a 500. */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}

/**
 * Paged list answer; the spec uses totalCount on some lists and record_count on others.
 * `countCapped: true` says the count stopped at `total` and there are more
 * (repository.ts, COUNT_CAP): the screen shows «بیش از …».
 */
export function listAnswer<T>(
  records: T[],
  total: number,
  countKey: 'totalCount' | 'record_count' = 'record_count',
  capped = false,
) {
  return {
    status: 1 as const,
    message: SUCCESS_MESSAGE,
    records,
    [countKey]: total,
    ...(capped ? { countCapped: true } : {}),
  };
}
