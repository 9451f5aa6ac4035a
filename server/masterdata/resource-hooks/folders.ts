// Letter folders (archive, favourites): two folders of one name side by side cannot be told
// apart — in the menu, the folder picker or a letter's folder dialog — so a folder's title
// is one of its own among the folders under the same parent, compared as a search compares
// («نامه ها» is «نامه‌ها», ي is ی). Not a unique index: tenants may hold such pairs from
// before, and an index would refuse to build on them; their folders stay, a new name or a
// rename into the pair is refused. Folder writes of a tenant take turns (an advisory lock
// for the change's transaction), so two saves at once cannot both pass the check.
// A title holding «/» is refused by the schema's rule (src/schemas/correspondence.ts): the
// path joins titles with « / », so «الف / ب» beside «الف» › «ب» would be one path twice —
// a twin this sibling check cannot see.
import { sql } from 'kysely';
import { UserError } from '../../http/answers';
import { archive, favorite } from '../../../src/schemas/correspondence';
import { searchKey } from '../../../src/shared/persian';
import { registerHooks, type SaveContext } from '../hooks';

const FOLDERS = [
  { resource: archive, table: 'archives', title: 'archive_title' },
  { resource: favorite, table: 'favorites', title: 'favorite_title' },
] as const;

type Row = Record<string, unknown>;

/** What the check reads of a save: any folder's. */
type FolderSave = Pick<SaveContext, 'trx' | 'principal'> & { values: unknown; existing?: unknown };

async function refuseTwin(
  { trx, principal, values, existing }: FolderSave,
  table: string,
  titleColumn: string,
) {
  const v = values as Row;
  const old = existing as Row | undefined;
  const title = String(v[titleColumn] ?? old?.[titleColumn] ?? '');
  const parent = (v.parent_fk !== undefined ? v.parent_fk : old?.parent_fk) ?? null;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${table}), ${principal.tenantId})`.execute(trx);
  const siblings = await sql<{ title: string }>`
    SELECT ${sql.ref(titleColumn)} AS title FROM ${sql.table(table)}
     WHERE tenant_id = ${principal.tenantId} AND parent_fk IS NOT DISTINCT FROM ${parent}
       AND id <> ${Number(old?.id ?? 0)}`.execute(trx);
  const key = searchKey(title);
  if (siblings.rows.some((row) => searchKey(row.title) === key))
    throw new UserError(`پوشه‌ای با عنوان «${title.trim()}» در همین جا هست؛ عنوان دیگری بنویسید`);
}

for (const { resource, table, title } of FOLDERS)
  registerHooks(resource, {
    async beforeSave(ctx) {
      await refuseTwin(ctx, table, title);
    },
  });
