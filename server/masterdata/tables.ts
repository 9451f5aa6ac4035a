// The tables of the master-data resources, generated from their schemas: nobody writes
// a resource's DDL by hand. Every statement is idempotent (IF NOT EXISTS), so running
// them on a database that has the tables already only adds what a schema gained: a new
// resource's table, a new field's column, a new index. Changes they cannot make (rename,
// new type, drop) are numbered migrations in db/migrations/.
//
// Each table: `id`, `tenant_id` first in the key and in every index, one column per
// stored field, `search_text` (the Persian-normalised search fields), `full_name` for
// trees, `user_id` for records owned by a user, and the row-level-security fence. A
// `references` field gets a join table (record_id, ref_id). Beside each table its search
// table (`{table}_search`, see searchTableStatements) holds search_text again under a
// trigram index that row-level security lets the planner use.
import type { Field, Resource } from '../../src/schemas/kit';
import { isRequired } from '../../src/schemas/kit';
import { RESOURCES } from '../../src/schemas';
import { referencedResource } from './catalogue';
import { hooksOf } from './hooks';
import './resource-hooks';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const sqlString = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The SQL type and constraints of a stored field's column. */
function columnType(resource: Resource, name: string, field: Field): string {
  const meta = field.meta;
  const notNull = isRequired(field) ? ' NOT NULL' : '';
  const column = quote(resource.column(name));
  switch (meta.kind) {
    case 'number':
      return meta.default !== undefined
        ? `integer NOT NULL DEFAULT ${Number(meta.default)}`
        : `integer${notNull}`;
    case 'money':
      return `bigint${notNull}`;
    case 'boolean':
      return `boolean NOT NULL DEFAULT ${meta.default === true}`;
    case 'date':
      return `date${notNull}`;
    case 'reference':
    case 'treeParent':
      // The foreign key names the tenant too: tenantForeignKeys.
      return `integer${notNull}`;
    case 'enum':
      return `integer${notNull} CHECK (${column} IN (${(meta.options ?? []).map((o) => Number(o.id)).join(', ')}))`;
    case 'tags':
    case 'stringList':
      return `text[] NOT NULL DEFAULT '{}'`;
    default:
      // text, multiline, password: the engine writes '' for an empty value.
      return `text NOT NULL DEFAULT ''`;
  }
}

/** Column name → SQL for every column of the resource's table, key columns first. */
export function columnsOf(resource: Resource): Array<[string, string]> {
  const columns: Array<[string, string]> = [
    ['id', 'serial'],
    ['tenant_id', 'integer NOT NULL REFERENCES tenants (id)'],
  ];
  if (resource.ownedByUser)
    columns.push(['user_id', 'integer NOT NULL REFERENCES users (id) ON DELETE CASCADE']);
  for (const [name, field] of Object.entries(resource.fields)) {
    if (resource.isColumn(name)) columns.push([resource.column(name), columnType(resource, name, field)]);
  }
  if (resource.treeField()) columns.push(['full_name', `text NOT NULL DEFAULT ''`]);
  columns.push(...Object.entries(hooksOf(resource).storage?.columns ?? {}));
  columns.push(
    ['search_text', `text NOT NULL DEFAULT ''`],
    ['created_at', 'timestamptz NOT NULL DEFAULT now()'],
  );
  return columns;
}

interface IndexDefinition {
  name: string;
  unique?: boolean;
  /** The indexed columns or expression, with parentheses: `(tenant_id, bank_fk)`. */
  on: string;
  using?: string;
  /** Storage parameters: `fastupdate = off`. */
  with?: string;
  where?: string;
}

function indexesOf(resource: Resource): IndexDefinition[] {
  const { table } = resource;
  const indexes: IndexDefinition[] = [];
  if (resource.ownedByUser) indexes.push({ name: `${table}_user_idx`, on: '(tenant_id, user_id, id)' });
  // References (filters and delete guards look them up) and list filters.
  const filtered = new Set(Object.values(resource.filters ?? {}));
  for (const [name, field] of Object.entries(resource.fields)) {
    const kind = field.meta.kind;
    if (!resource.isColumn(name) || !(kind === 'reference' || kind === 'treeParent' || filtered.has(name)))
      continue;
    const column = resource.column(name);
    indexes.push({ name: `${table}_${column}_idx`, on: `(tenant_id, ${quote(column)})` });
  }
  for (const key of resource.unique ?? []) {
    const keyColumns = key.map((field) => resource.column(field));
    indexes.push({
      name: `${table}_${keyColumns.join('_')}_key`,
      unique: true,
      on: `(tenant_id, ${keyColumns.map(quote).join(', ')})`,
    });
  }
  indexes.push(...(hooksOf(resource).storage?.indexes ?? []));
  return indexes;
}

function createIndex(table: string, index: IndexDefinition): string {
  const kind = index.unique ? 'UNIQUE INDEX' : 'INDEX';
  const using = index.using ? ` USING ${index.using}` : '';
  const storage = index.with ? ` WITH (${index.with})` : '';
  const where = index.where ? ` WHERE ${index.where}` : '';
  return `CREATE ${kind} IF NOT EXISTS ${quote(index.name)} ON ${quote(table)}${using} ${index.on}${storage}${where}`;
}

function tableStatements(resource: Resource): string[] {
  const table = quote(resource.table);
  const columns = columnsOf(resource);
  const body = [
    ...columns.map(([name, type]) => `  ${quote(name)} ${type}`),
    '  PRIMARY KEY (tenant_id, id)',
    '  UNIQUE (id)',
  ];
  return [
    `CREATE TABLE IF NOT EXISTS ${table} (\n${body.join(',\n')}\n)`,
    // A table made before a field was added to the schema gets its column.
    ...columns
      .slice(2)
      .map(([name, type]) => `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${quote(name)} ${type}`),
    ...indexesOf(resource).map((index) => createIndex(resource.table, index)),
    ...tenantForeignKeys(
      resource.table,
      Object.entries(resource.fields)
        .filter(([name, field]) => resource.isColumn(name) && isReference(field))
        .map(([name, field]) => ({
          column: resource.column(name),
          target: referencedResource(field.meta.resource!).table,
          // Children go with their parent.
          ...(resource.parent?.field === name ? { onDelete: 'CASCADE' as const } : {}),
        })),
    ),
  ];
}

const isReference = (field: Field) => field.meta.kind === 'reference' || field.meta.kind === 'treeParent';

/** PostgreSQL cuts names at 63 bytes; a name looked up in pg_constraint must be cut alike. */
const constraintName = (name: string) => Buffer.from(name).subarray(0, 63).toString();

/**
 * Each reference as a foreign key on (tenant_id, column) → the target's (tenant_id, id):
 * the database itself refuses a record of one tenant pointing at another tenant's (the
 * foreign-key check bypasses row-level security, so a key on the id alone would let it
 * through). A table made before this keeps its rows; its single-column keys to other
 * resource tables are replaced.
 */
function tenantForeignKeys(
  table: string,
  references: Array<{ column: string; target: string; onDelete?: 'CASCADE' }>,
): string[] {
  if (!references.length) return [];
  const adds = references.map(({ column, target, onDelete }) => {
    const name = constraintName(`${table}_${column}_tenant_fk`);
    const cascade = onDelete ? ` ON DELETE ${onDelete}` : '';
    // A key made before its reference became a parent (or stopped being one) is made anew.
    const deleteRule = onDelete ? 'c' : 'a';
    return `  IF EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = '${quote(table)}'::regclass AND conname = '${name}'
               AND confdeltype <> '${deleteRule}') THEN
    ALTER TABLE ${quote(table)} DROP CONSTRAINT ${quote(name)};
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = '${quote(table)}'::regclass AND conname = '${name}') THEN
    ALTER TABLE ${quote(table)} ADD CONSTRAINT ${quote(name)}
      FOREIGN KEY (tenant_id, ${quote(column)}) REFERENCES ${quote(target)} (tenant_id, id)${cascade};
  END IF;`;
  });
  return [
    `DO $$
DECLARE old record;
BEGIN
  FOR old IN SELECT conname FROM pg_constraint
              WHERE conrelid = '${quote(table)}'::regclass AND contype = 'f' AND array_length(conkey, 1) = 1
                AND confrelid NOT IN ('tenants'::regclass, 'users'::regclass) LOOP
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', '${table}', old.conname);
  END LOOP;
${adds.join('\n')}
END $$`,
  ];
}

function joinTableStatements(resource: Resource, field: string): string[] {
  const table = resource.joinTable(field);
  const target = referencedResource(resource.fields[field].meta.resource!);
  return [
    `CREATE TABLE IF NOT EXISTS ${quote(table)} (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  record_id integer NOT NULL,
  ref_id    integer NOT NULL,
  PRIMARY KEY (tenant_id, record_id, ref_id)
)`,
    createIndex(table, { name: `${table}_ref_idx`, on: '(tenant_id, ref_id)' }),
    ...tenantForeignKeys(table, [
      { column: 'record_id', target: resource.table, onDelete: 'CASCADE' },
      { column: 'ref_id', target: target.table },
    ]),
  ];
}

/** The search table of a resource: its rows' search_text, kept by a trigger. */
export const searchTable = (resource: Resource) => `${resource.table}_search`;

/**
 * Why a second table: under row-level security the planner may use an index for a
 * condition only if the condition's function is leakproof, or if it is part of the policy
 * itself. LIKE is not leakproof, so on the resource's own table a phrase search walks the
 * tenant's rows one by one. The search table's SELECT policy carries the pattern (from
 * the transaction-local setting `app.search_pattern`, which search_matches of migration
 * 0016 sets for its own search and a lookup's transaction for its own; unset, it is '%'
 * and matches every row), so the trigram index serves the search with the fence on — and the fence is, if anything, narrower: a row is visible
 * only to its tenant *and* only while it matches the pattern asked for.
 * The trigger copies search_text on every insert and on every update that sets it, so no
 * code path can forget it; a row deleted from the resource's table goes with its own.
 */
function searchTableStatements(resource: Resource): string[] {
  const table = quote(resource.table);
  const search = quote(searchTable(resource));
  const sync = quote(`${searchTable(resource)}_sync`);
  return [
    `CREATE TABLE IF NOT EXISTS ${search} (
  tenant_id   integer NOT NULL,
  id          integer NOT NULL,
  search_text text NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id) REFERENCES ${table} (tenant_id, id) ON DELETE CASCADE
)`,
    createIndex(searchTable(resource), {
      name: `${searchTable(resource)}_text_idx`,
      using: 'gin',
      on: '(search_text gin_trgm_ops)',
      with: 'fastupdate = off',
    }),
    // Written straight into the index, not into GIN's pending list, which every search
    // would read whole (221 pages of it made a one-row search at a million rows take 2 ms
    // instead of 0.6). An index made before: switched over, its pending list emptied once.
    `ALTER INDEX ${quote(`${searchTable(resource)}_text_idx`)} SET (fastupdate = off)`,
    `SELECT gin_clean_pending_list(${sqlString(quote(`${searchTable(resource)}_text_idx`))}::regclass)`,
    `DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema()
                 AND tablename = '${searchTable(resource)}' AND policyname = 'search_pattern') THEN
    CREATE POLICY search_pattern ON ${search} AS RESTRICTIVE FOR SELECT
      USING (search_text LIKE coalesce(nullif(current_setting('app.search_pattern', true), ''), '%'));
  END IF;
END $$`,
    `CREATE OR REPLACE FUNCTION ${sync}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ${search} (tenant_id, id, search_text) VALUES (NEW.tenant_id, NEW.id, NEW.search_text)
    ON CONFLICT (tenant_id, id) DO UPDATE SET search_text = EXCLUDED.search_text;
  RETURN NULL;
END $$`,
    `CREATE OR REPLACE TRIGGER ${sync} AFTER INSERT OR UPDATE OF search_text ON ${table}
  FOR EACH ROW EXECUTE FUNCTION ${sync}()`,
    // A table made before search tables existed: its rows, once; its old index goes.
    `INSERT INTO ${search} (tenant_id, id, search_text) SELECT tenant_id, id, search_text FROM ${table}
  ON CONFLICT (tenant_id, id) DO NOTHING`,
    `DROP INDEX IF EXISTS ${quote(`${resource.table}_search_idx`)}`,
  ];
}

/** Resources ordered so that each comes after the resources it points at. */
export function inDependencyOrder(resources: readonly Resource[]): Resource[] {
  const ordered: Resource[] = [];
  const visiting = new Set<string>();
  const visit = (resource: Resource) => {
    if (ordered.includes(resource) || visiting.has(resource.name)) return;
    visiting.add(resource.name);
    for (const field of Object.values(resource.fields)) {
      if (field.meta.resource && !field.meta.virtual) visit(referencedResource(field.meta.resource));
    }
    ordered.push(resource);
  };
  resources.forEach(visit);
  return ordered;
}

/** Every table the engine keeps: the resources' own and their join tables. */
export function resourceTables(resources: readonly Resource[] = RESOURCES): string[] {
  return resources.flatMap((r) => [
    r.table,
    searchTable(r),
    ...r.joinFields().map((field) => r.joinTable(field)),
  ]);
}

/** The DDL of every resource table, in an order that creates referenced tables first. */
export function resourceTableStatements(resources: readonly Resource[] = RESOURCES): string[] {
  const ordered = inDependencyOrder(resources);
  return [
    ...ordered.flatMap(tableStatements),
    ...ordered.flatMap(searchTableStatements),
    ...ordered.flatMap((resource) =>
      resource.joinFields().flatMap((field) => joinTableStatements(resource, field)),
    ),
  ];
}
