// ASP.NET-style model binding: a parameter is found by name, case-insensitively, in the
// query string, a JSON body, a form-urlencoded body or a multipart body. A repeated
// name becomes a list. Validation failures become one Persian sentence naming the field.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { persianMessage } from '../../src/shared/validation-messages';

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
  if ((def.type === 'optional' || def.type === 'default') && def.innerType)
    return acceptsArray(def.innerType);
  return false;
}
