// The forms' length check says what the server's will: the same text is too long for both
// or for neither — emoji and other characters past the BMP count once, as zod counts them.
import { describe, expect, it } from 'vitest';
import { field } from '../../server/http/fields';
import { textLength, tooLongText } from '../../src/shared/validation-messages';

const MAX = 10;
const serverRefuses = (text: string) => !field.optionalText('موضوع', MAX).safeParse(text).success;

describe('text length, client and server alike', () => {
  it.each([
    ['ten Persian letters', 'نامه‌اداری'.padEnd(MAX, 'ی')],
    ['ten emoji', '😀'.repeat(MAX)],
    ['eleven emoji', '😀'.repeat(MAX + 1)],
    ['ten letters in spaces', `  ${'ب'.repeat(MAX)}  `],
    ['eleven letters', 'ب'.repeat(MAX + 1)],
    ['a flag and a family (several code points each)', '🇮🇷👨‍👩‍👧'],
  ])('%s', (_name, text) => {
    const refused = tooLongText('موضوع', MAX, text) !== undefined;
    expect(refused).toBe(serverRefuses(text));
    expect(refused).toBe(textLength(text) > MAX);
  });

  it('counts an emoji once, where .length counts two', () => {
    expect('😀'.repeat(MAX).length).toBe(2 * MAX);
    expect(textLength('😀'.repeat(MAX))).toBe(MAX);
    expect(tooLongText('موضوع', MAX, '😀'.repeat(MAX))).toBeUndefined();
    expect(tooLongText('موضوع', MAX, '😀'.repeat(MAX + 1))).toBe(
      'موضوع بیش از حد طولانی است (حداکثر ۱۰ نویسه)',
    );
  });
});
