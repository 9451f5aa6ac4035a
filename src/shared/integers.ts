// Integers as the columns hold them. Ids, counts and numbers are PostgreSQL `integer`
// (32 bits); amounts are `bigint`, read as JavaScript numbers, exact up to 2^53. A value
// past them is refused where it is bound, in Persian, instead of failing in the database.
import { z } from 'zod';

export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** Any value of an `integer` column. */
export const int32 = () => z.number().int().min(INT32_MIN).max(INT32_MAX);

/** A record's id (serial): 1 … 2^31 − 1. Anything else is «{label} معتبر نیست». */
export const recordId = (label: string) =>
  z
    .number()
    .int()
    .positive({ message: `${label} معتبر نیست` })
    .max(INT32_MAX, { message: `${label} معتبر نیست` });

/** A non-negative amount of money (rials), exact in JavaScript. */
export const amount = () => z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
