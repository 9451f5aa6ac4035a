// JSON bodies: Fastify's own parser (it refuses `__proto__` and `constructor` poisoning),
// then a look for a key written twice in one object. JSON.parse keeps the last of two equal
// keys in silence, so `{"PageType":"Archive","PageType":""}` reached the binding as one
// value — the very choice a repeated query key is refused for (binding.ts).
import type { FastifyInstance } from 'fastify';
import { UserError } from './answers';

export const repeatedKeyMessage = (key: string) => `کلید «${key}» بیش از یک بار در درخواست آمده است`;

interface Level {
  /** An object's keys so far; null for an array. */
  keys: Set<string> | null;
  expectKey: boolean;
}

/** The first key that an object of this (valid) JSON text holds twice, if any. */
export function repeatedJsonKey(text: string): string | undefined {
  const levels: Level[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const level = levels.at(-1);
      if (level?.keys && level.expectKey) {
        // Compared as JSON reads them: "Page\u0054ype" is "PageType".
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (level.keys.has(key)) return key;
        level.keys.add(key);
        level.expectKey = false;
      }
      i = end;
    } else if (char === '{') levels.push({ keys: new Set(), expectKey: true });
    else if (char === '[') levels.push({ keys: null, expectKey: false });
    else if (char === '}' || char === ']') levels.pop();
    else if (char === ',') {
      const level = levels.at(-1);
      if (level?.keys) level.expectKey = true;
    }
  }
  return undefined;
}

export function refuseRepeatedJsonKeys(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body); // parseAs 'string'
    // Fastify's parser answers through the callback (its return value is nothing).
    void parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const repeated = repeatedJsonKey(text);
      if (repeated === undefined) done(null, value);
      else done(new UserError(repeatedKeyMessage(repeated)), undefined);
    });
  });
}
