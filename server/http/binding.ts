// ASP.NET-style model binding: a parameter is found by name, case-insensitively, in the
// query string, a JSON body, a form-urlencoded body or a multipart body. A repeated
// name becomes a list. Validation failures become one Persian sentence naming the field.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

export type ParamBag = Map<string, unknown>;

function add(bag: ParamBag, key: string, value: unknown) {
  const name = key.toLowerCase().replace(/\[\]$/, '');
  if (!bag.has(name)) bag.set(name, value);
  else {
    const existing = bag.get(name);
    bag.set(name, Array.isArray(existing) ? [...existing, value] : [existing, value]);
  }
}

function addObject(bag: ParamBag, source: unknown) {
  if (!source || typeof source !== 'object' || Buffer.isBuffer(source)) return;
  for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
    if (Array.isArray(value)) value.forEach((item) => add(bag, key, item));
    else add(bag, key, value);
  }
}

/** Body fields win over query fields of the same name. */
export function paramBag(request: FastifyRequest): ParamBag {
  const fromBody: ParamBag = new Map();
  addObject(fromBody, request.body);
  const bag: ParamBag = new Map();
  addObject(bag, request.query);
  for (const [key, value] of fromBody) bag.set(key, value);
  return bag;
}

export type BindResult<T> = { ok: true; value: T } | { ok: false; message: string };

export function bindParams<S extends z.ZodObject>(schema: S, bag: ParamBag): BindResult<z.infer<S>> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    let value = bag.get(key.toLowerCase());
    const fieldSchema = schema.shape[key] as z.ZodType;
    if (Array.isArray(value) && !acceptsArray(fieldSchema)) value = value[value.length - 1];
    raw[key] = value;
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: persianMessage(schema, parsed.error.issues[0], raw) };
}

function acceptsArray(schema: z.ZodType): boolean {
  const def = (schema as unknown as { def?: { type?: string; out?: z.ZodType; innerType?: z.ZodType } }).def;
  if (!def) return false;
  if (def.type === 'array') return true;
  if (def.type === 'pipe' && def.out) return acceptsArray(def.out);
  if ((def.type === 'optional' || def.type === 'default') && def.innerType) return acceptsArray(def.innerType);
  return false;
}

const PERSIAN = /[\u0600-\u06FF]/;

/** «عنوان الزامی است» and friends, naming the field by its Persian label. */
export function persianMessage(schema: z.ZodObject, issue: z.core.$ZodIssue, raw: Record<string, unknown> = {}): string {
  if (PERSIAN.test(issue.message)) return issue.message;
  const key = String(issue.path[0] ?? '');
  const label = (schema.shape[key] as z.ZodType | undefined)?.description ?? key;
  const rawValue = raw[key];
  const absent = rawValue === undefined || rawValue === null || (typeof rawValue === 'string' && rawValue.trim() === '');
  const missing =
    (issue.code === 'invalid_type' && absent) ||
    (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1) ||
    (issue.code === 'too_small' && issue.origin === 'array' && Number(issue.minimum) === 1);
  if (missing) return `${label} الزامی است`;
  if (issue.code === 'too_big') return `${label} بیش از حد طولانی است`;
  if (issue.code === 'too_small') return `${label} کوتاه‌تر از حد مجاز است`;
  return `${label} معتبر نیست`;
}
