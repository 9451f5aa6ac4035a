// Statements compiled once per shape. Building a list's statement with Kysely and compiling
// it to text costs the server more than the database's work on a small page: a letters'
// phrase search (a walk, the trigram index's part and the records, 5 KB of SQL) took
// 0.27 ms of the server's time to build and compile, and under load, with the garbage it
// leaves, half of the call's server time (docs/benchmarks.md, "Statements compiled once").
//
// A cached statement is built once from markers in place of its values: each value the
// statement takes (a tenant, a user, a phrase's patterns) becomes a Slot, which Kysely
// carries into the compiled parameters as it would a number. Later calls of the same shape
// only put their own values where the slots are. The shape (the key; how many values there
// are is added to it) must name everything else the builder reads: a value the builder
// uses in its own logic (`if (projectId)`, a length, a page's size written into the text)
// is part of the shape, not a slot. Values are plain objects and arrays of numbers,
// strings, booleans, nulls and Dates.
//
// Under test every cached statement is also built afresh from the real values and
// compared, text and parameters (STATEMENT_CACHE=verify, the default when NODE_ENV is
// test): a builder that read a value the key does not name fails its test instead of
// answering one user with another's statement.
import { CompiledQuery, type Kysely, type QueryResult } from 'kysely';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** A query builder or a `sql` template: either compiles (a template needs the database). */
export interface Statement<R> {
  compile(db: AnyDb): CompiledQuery<R>;
}

/** Where a value goes in a statement compiled from markers. */
export class Slot {
  constructor(readonly index: number) {}
}

export type StatementCacheMode = 'on' | 'off' | 'verify';

function modeOf(env: NodeJS.ProcessEnv): StatementCacheMode {
  const asked = env.STATEMENT_CACHE;
  if (asked === 'on' || asked === 'off' || asked === 'verify') return asked;
  return env.NODE_ENV === 'test' ? 'verify' : 'on';
}

/** A statement compiled from markers: its text and parameters (not Kysely's tree of it,
 *  about 110 KB for a letters' phrase search, of which up to MOST_SHAPES are kept). */
interface Template {
  sql: string;
  parameters: readonly unknown[];
}

const compiledShapes = new Map<string, Template>();
let mode = modeOf(process.env);
/** For tests of the cache itself; the server takes STATEMENT_CACHE (on, off, verify). */
export function setStatementCacheMode(next: StatementCacheMode) {
  mode = next;
  compiledShapes.clear();
}

/** Shapes kept at most: page numbers and phrases' word counts make a few hundred. */
const MOST_SHAPES = 1_000;

let verified = 0;
/** How many cached statements were checked against a fresh build (tests read it). */
export const statementsVerified = () => verified;

const isLeaf = (value: unknown) => value === null || typeof value !== 'object' || value instanceof Date;

/** `values` with a Slot in place of each leaf, numbered in order. */
function markersOf<V>(values: V): V {
  let next = 0;
  const mark = (value: unknown): unknown => {
    if (isLeaf(value)) return new Slot(next++);
    if (Array.isArray(value)) return value.map(mark);
    return Object.fromEntries(Object.entries(value as object).map(([name, inner]) => [name, mark(inner)]));
  };
  return mark(values) as V;
}

/** The leaves of `values`, in the order markersOf numbers them. */
function leavesOf(values: unknown, into: unknown[] = []): unknown[] {
  if (isLeaf(values)) into.push(values);
  else if (Array.isArray(values)) values.forEach((inner) => leavesOf(inner, into));
  else Object.values(values as object).forEach((inner) => leavesOf(inner, into));
  return into;
}

/** The template with the call's values where its slots are (an array sent as one
 *  parameter, `= ANY(${ids})`, has its slots inside it). */
function filled<R>(template: Template, leaves: unknown[]): CompiledQuery<R> {
  const fill = (parameter: unknown): unknown =>
    parameter instanceof Slot
      ? leaves[parameter.index]
      : Array.isArray(parameter)
        ? parameter.map(fill)
        : parameter;
  return CompiledQuery.raw(template.sql, template.parameters.map(fill));
}
/**
 * Runs the statement `build` makes of `values`, compiled once for `shape`: `build` gets
 * markers the first time and must read nothing but `values` and what `shape` names.
 */
export async function runShaped<V, R>(
  db: AnyDb,
  shape: string,
  values: V,
  build: (values: V) => Statement<R>,
): Promise<QueryResult<R>> {
  if (mode === 'off') return db.executeQuery(build(values).compile(db));
  const leaves = leavesOf(values);
  // How many values there are is the shape's too: a list of ids one longer is another
  // statement, even where the shape forgot to say so.
  const key = `${shape}\u0000${leaves.length}`;
  let template = compiledShapes.get(key);
  if (!template) {
    const { sql, parameters } = build(markersOf(values)).compile(db);
    template = { sql, parameters };
    if (compiledShapes.size >= MOST_SHAPES) compiledShapes.clear();
    compiledShapes.set(key, template);
  }
  const statement = filled<R>(template, leaves);
  if (mode === 'verify') verifyAgainstFresh(statement, build(values).compile(db), shape);
  return db.executeQuery(statement);
}

function verifyAgainstFresh(cached: CompiledQuery<unknown>, fresh: CompiledQuery<unknown>, shape: string) {
  const same =
    cached.sql === fresh.sql &&
    cached.parameters.length === fresh.parameters.length &&
    cached.parameters.every((value, i) => sameValue(value, fresh.parameters[i]));
  if (!same)
    throw new Error(
      `statement cache: the statement of shape ${shape} differs from one built afresh; its builder reads a value the shape does not name`,
    );
  verified += 1;
}

/** The same parameter: the same primitive, the same instant, or arrays of the same values. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return (
    Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]))
  );
}
