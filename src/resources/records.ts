// How records of a resource are named and offered: the title fields (as the server's
// reference titles), a record's title (a tree node's `fullName`), and the whole list
// loaded once (`list/?Count=-1`) for selects and reference chips.
import { useGetList, type RaRecord } from 'react-admin';
import { resourceByName, type Resource } from '../schemas';

/** The (first) field that names a record. */
export function titleField(resource: Resource): string | undefined {
  return resource.titleFieldNames()[0];
}

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/** What a record is called on screen: a tree node's path, else its title fields. */
export function recordTitle(resource: Resource | undefined, record: RaRecord | undefined): string {
  if (!record) return '';
  if (resource?.treeField() && record.fullName) return String(record.fullName);
  const value = resource
    ? resource
        .titleFieldNames()
        .map((name) => record[name])
        .filter(filled)
        .join(' ')
    : (record.title ?? record.name);
  return filled(value) ? String(value) : String(record.id);
}

export interface Choice {
  id: RaRecord['id'];
  name: string;
  record: RaRecord;
}

/** Every record of a resource as `{ id, name }` choices (one cached request per resource
 *  and filter), optionally narrowed by list filters (`{ parentId: 3 }`). */
export function useResourceChoices(resourceName: string | undefined, filter: Record<string, unknown> = {}) {
  const target = resourceName ? resourceByName(resourceName) : undefined;
  const { data, isPending } = useGetList(
    target?.name ?? resourceName ?? '',
    { pagination: { page: 1, perPage: -1 }, filter },
    { enabled: Boolean(resourceName) },
  );
  const choices: Choice[] = (data ?? []).map((record) => ({
    id: record.id,
    name: recordTitle(target, record),
    record,
  }));
  return { choices, isPending, target };
}

/** A tree node and all below it, from the loaded rows' parent links (never a valid parent). */
export function subtreeIds(rows: RaRecord[], parentField: string, rootId: RaRecord['id']): Set<string> {
  const ids = new Set([String(rootId)]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      const parent = row[parentField];
      if (parent != null && ids.has(String(parent)) && !ids.has(String(row.id))) {
        ids.add(String(row.id));
        grew = true;
      }
    }
  }
  return ids;
}
