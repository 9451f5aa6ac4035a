// argon2id for passwords. Unknown users are checked against a dummy hash so that a
// wrong username costs as long as a wrong password.
import { hash, verify } from '@node-rs/argon2';
import { toLatinDigits } from '../../src/shared/persian';
import { toPersianDigits } from '../../src/shared/persian-digits';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
let dummyHash: Promise<string> | undefined;

/**
 * A password's digits are its digits whatever keyboard typed them: «۱۲۳۴۵۶» on a Persian
 * layout, «123456» on a phone's keypad and «١٢٣٤٥٦» on an Arabic one are one password.
 * Hashed with Latin digits; a hash made before (of the digits as typed) still verifies,
 * typed in any script when it was typed in Persian digits.
 */
const withLatinDigits = (password: string) => toLatinDigits(password);

export function hashPassword(password: string): Promise<string> {
  return hash(withLatinDigits(password), OPTIONS);
}

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  // Hashed with Latin digits now; before, as typed — most often on a Persian layout, so a
  // password of digits is also tried with Persian ones (then as typed, if that differs).
  const latin = withLatinDigits(password);
  const forms = [...new Set([latin, toPersianDigits(latin), password])];
  for (const form of forms) if (await verify(passwordHash, form).catch(() => false)) return true;
  return false;
}

export const MIN_PASSWORD_LENGTH = 6;
