// ASP.NET-style model binding: a parameter is found by name, case-insensitively, in the
// query string, a JSON body, a form-urlencoded body or a multipart body. A repeated
// name, an indexed one (`SelectedTo[0]`, `RelatedMessages[0].MessageId`) or a JSON array
// becomes a list, which only a list parameter accepts: a single
// value's parameter given several is refused, never cut to one of them. Text carrying
// control characters (NUL and friends, which PostgreSQL cannot store) is refused where
// it is bound. Validation failures become one Persian sentence naming the field.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { persianMessage } from '../../src/shared/validation-messages';
import { toLatinDigits } from '../../src/shared/persian';

export type ParamBag = Map<string, unknown>;

function add(bag: ParamBag, key: string, value: unknown) {
  // `Name[]` says a list, even of one item (`Phrase[]=x` is refused where one phrase is
  // expected, as JSON's `"Phrase": ["x"]` is).
  if (key.endsWith('[]')) return addList(bag, key, [value]);
  const name = key.toLowerCase();
  if (!bag.has(name)) bag.set(name, value);
  else {
    const existing = bag.get(name);
    bag.set(name, Array.isArray(existing) ? [...existing, value] : [existing, value]);
  }
}

/** A list sent as such (a JSON array, a query's repeated key, a name ending in `[]`) stays a
 *  list, even of one item: `"Id": ["4"]` is refused where one id is expected, as `"Id": ["4", "5"]` is. */
function addList(bag: ParamBag, key: string, items: unknown[]) {
  const name = key.toLowerCase().replace(/\[\]$/, '');
  const existing = bag.get(name);
  bag.set(name, [
    ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
    ...items,
  ]);
}

// ASP.NET's indexed names: `SelectedTo[0]`, and a list of objects's `RelatedMessages[0].MessageId`
// or `RelatedMessages[0][MessageId]`.
const INDEXED_NAME = /^([^[\].]+)\[(\d{1,6})\](?:\.([^[\].]+)|\[([^[\].]+)\])?$/;

/** What an indexed name this binding cannot read leaves in the bag: its parameter is refused. */
const UNREADABLE = Symbol('unreadable indexed name');

/** Collects indexed names into lists, in the order of their indexes: `Name[1]` after `Name[0]`. */
class IndexedLists {
  private readonly lists = new Map<string, Map<number, unknown>>();
  private readonly unreadable = new Set<string>();

  /** Takes the key if it is an indexed name; false if it is an ordinary one. */
  take(key: string, value: unknown): boolean {
    // Most names, without a regex; `Ids[]` (a repeated list name) is the plain binding's.
    if (!key.includes('[') || (key.endsWith('[]') && key.indexOf('[') === key.length - 2)) return false;
    const match = INDEXED_NAME.exec(key);
    if (!match) {
      // Shaped like one (`Persons[1000000]`, `SelectedTo[-1]`, `a[0][b][c]`) but not one
      // this binding reads: the parameter is refused, never taken as left out.
      const name = key.slice(0, key.indexOf('['));
      if (name) this.unreadable.add(name);
      return true;
    }
    const [, name, index, dotted, bracketed] = match;
    const items = this.lists.get(name) ?? new Map<number, unknown>();
    this.lists.set(name, items);
    const property = dotted ?? bracketed;
    if (property === undefined) items.set(Number(index), value);
    else {
      const item = items.get(Number(index));
      const object = item && typeof item === 'object' && !Array.isArray(item) ? item : {};
      items.set(Number(index), { ...object, [property]: value });
    }
    return true;
  }

  addTo(bag: ParamBag) {
    for (const name of this.unreadable) bag.set(name.toLowerCase(), UNREADABLE);
    for (const [name, items] of this.lists) {
      if (this.unreadable.has(name)) continue;
      const ordered = [...items.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
      addList(bag, name, ordered);
    }
  }
}

function addObject(bag: ParamBag, source: unknown) {
  if (!source || typeof source !== 'object' || Buffer.isBuffer(source) || Array.isArray(source)) return;
  const indexed = new IndexedLists();
  for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
    if (indexed.take(key, value)) continue;
    if (Array.isArray(value)) addList(bag, key, value);
    else add(bag, key, value);
  }
  indexed.addTo(bag);
}

const isPlain = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** Whether the query's value and the body's are one: the same text (trimmed, digits of any
 *  script), the same number (`?Id=5`, `?Id=۵`, `{"Id": 5}`), lists item by item; `null`
 *  only as `null`. A file or an object is never compared (never read whole: a file of 10 MB
 *  serialised to compare held the server for seconds), so it is two values. */
function sameValue(fromQuery: unknown, fromBody: unknown): boolean {
  if (Array.isArray(fromQuery) || Array.isArray(fromBody)) {
    const [a, b] = [[fromQuery].flat(), [fromBody].flat()];
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  if (fromQuery === null || fromBody === null) return fromQuery === fromBody;
  if (!isPlain(fromQuery) || !isPlain(fromBody)) return false;
  const [a, b] = [toLatinDigits(String(fromQuery)).trim(), toLatinDigits(String(fromBody)).trim()];
  return a === b || (a !== '' && b !== '' && Number.isFinite(Number(a)) && Number(a) === Number(b));
}

/** The query's and the body's parameters. A name in both is one value if both say the same
 *  (`?Id=5` and `{"Id": 5}`); if they differ it is two — refused where one is expected, as a
 *  repeated key is — never one of them chosen in silence. */
export function paramBag(request: FastifyRequest): ParamBag {
  const fromBody: ParamBag = new Map();
  addObject(fromBody, request.body);
  const bag: ParamBag = new Map();
  addObject(bag, request.query);
  for (const [key, value] of fromBody) {
    const inQuery = bag.get(key);
    if (inQuery === undefined || sameValue(inQuery, value)) bag.set(key, value);
    else
      bag.set(key, [
        ...(Array.isArray(inQuery) ? inQuery : [inQuery]),
        ...(Array.isArray(value) ? value : [value]),
      ]);
  }
  return bag;
}

export type BindResult<T> = { ok: true; value: T } | { ok: false; message: string };

// C0 controls but tab, line feed and carriage return, DEL, and the noncharacters U+FFFE and
// U+FFFF: no XML document (a printed letter) can hold them. Also half a surrogate pair
// (JSON's "\ud800"), which no UTF-8 can hold: PostgreSQL stored it as «�». And «�»
// itself (U+FFFD), which is what bytes that are not UTF-8 (a body sent as Latin-1)
// become when they are decoded: stored, the text would be lost without a word.
const CONTROL_CHARACTERS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F\\uFFFD-\\uFFFF';
const CONTROL_CHARACTER = new RegExp(`[${CONTROL_CHARACTERS}]|\\p{Cs}`, 'u');
const EVERY_CONTROL_CHARACTER = new RegExp(`[${CONTROL_CHARACTERS}]|\\p{Cs}`, 'gu');

/** The text without the characters a parameter may not carry (for text decoded from HTML
 *  entities, `&#1;`, which the parameter itself did not carry). */
export const withoutControlCharacters = (text: string) => text.replace(EVERY_CONTROL_CHARACTER, '');

/** Does a bound value (text, an uploaded file's name, or a flat list of them) carry a control character? */
export function hasControlCharacter(value: unknown): boolean {
  return Array.isArray(value) ? value.some(oneHasControlCharacter) : oneHasControlCharacter(value);
}

function oneHasControlCharacter(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value);
  if (value && typeof value === 'object' && (value as { kind?: unknown }).kind === 'file') {
    const filename = (value as { filename?: unknown }).filename;
    return typeof filename === 'string' && CONTROL_CHARACTER.test(filename);
  }
  return false;
}

const labelOf = (schema: z.ZodType, key: string) => schema.description ?? key;

export function bindParams<S extends z.ZodObject>(schema: S, bag: ParamBag): BindResult<z.infer<S>> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = bag.get(key.toLowerCase());
    const fieldSchema = schema.shape[key] as z.ZodType;
    if (value === UNREADABLE) return { ok: false, message: `${labelOf(fieldSchema, key)} معتبر نیست` };
    if (Array.isArray(value) && !acceptsArray(fieldSchema)) {
      return { ok: false, message: `${labelOf(fieldSchema, key)} باید یک مقدار باشد، نه فهرستی از مقادیر` };
    }
    // A list parameter holds values, not lists: [[…]] is refused before anything walks it
    // (5,000 brackets deep it used to overflow the stack).
    if (Array.isArray(value) && value.some(Array.isArray)) {
      return { ok: false, message: `${labelOf(fieldSchema, key)} معتبر نیست` };
    }
    if (hasControlCharacter(value)) {
      return { ok: false, message: `${labelOf(fieldSchema, key)} نویسه‌های نامعتبر دارد` };
    }
    raw[key] = value;
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: persianMessage(schema, parsed.error.issues[0], raw) };
}

/** Does the schema take a list (possibly behind preprocessing, optional or default)? */
function acceptsArray(schema: z.ZodType): boolean {
  const def = (
    schema as unknown as { def?: { type?: string; out?: z.ZodType; in?: z.ZodType; innerType?: z.ZodType } }
  ).def;
  if (!def) return false;
  if (def.type === 'array') return true;
  if (def.type === 'pipe')
    return (def.out && acceptsArray(def.out)) || (def.in ? acceptsArray(def.in) : false);
  if ((def.type === 'optional' || def.type === 'default' || def.type === 'nullable') && def.innerType) {
    return acceptsArray(def.innerType);
  }
  return false;
}
