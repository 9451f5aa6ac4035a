// How records of a resource are named and offered: the title fields (as the server's
// reference titles), a record's title (a tree node's `fullName`), and the choices of a
// picker read through `{entity}/lookup/` (names only, open to users without the resource's
// permission): the records matching the typed phrase, plus the ones already chosen (by Ids).
import { useGetList, useGetMany, type Identifier, type RaRecord } from 'react-admin';
import { LOOKUP } from '../dataProvider';
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

/** A lookup record as a choice: the server's `title` names it (a tree node's path, a
 *  person's first and last name). */
const toChoice = (record: RaRecord): Choice => ({
  id: record.id,
  name: String(record.title ?? record.id),
  record,
});

export interface ChoicesQuery {
  /** The resource's list filters (`{ parentId: 3 }`): a narrowed reference. */
  filter?: Record<string, unknown>;
  /** What the user has typed; '' offers the first records (at most the server's limit). */
  phrase?: string;
  /** Ids already chosen: always among the choices, so their names show while typing. */
  selected?: Identifier[];
  /** False: the choices are not asked yet (a picker not opened), only the chosen ids' names. */
  offered?: boolean;
}

/** The choices of a picker over a resource (one cached lookup per resource, filter and
 *  phrase). `kept` is which of `selected` the lookup still finds under `filter`. */
export function useResourceChoices(resourceName: string | undefined, query: ChoicesQuery = {}) {
  const { filter = {}, phrase = '', selected = [], offered: asked = true } = query;
  const target = resourceName ? resourceByName(resourceName) : undefined;
  const name = target?.name ?? resourceName ?? '';
  const offered = useGetList(
    name,
    { pagination: { page: 1, perPage: -1 }, filter: { ...filter, q: phrase }, meta: LOOKUP },
    // Keep the last choices on screen while the next phrase loads. A refusal is not asked
    // again (three retries took seven seconds to say why); a new phrase asks anew.
    { enabled: Boolean(resourceName) && asked, placeholderData: (previous) => previous, retry: false },
  );
  const chosen = useGetMany(
    name,
    { ids: selected, meta: { ...LOOKUP, filter } },
    { enabled: Boolean(resourceName) && selected.length > 0 },
  );
  const kept = (chosen.data ?? []).map(toChoice);
  // A refused phrase (too short to search the whole list) offers nothing, and says why.
  const problem = offered.error instanceof Error && offered.error.message ? offered.error.message : undefined;
  const choices = problem ? [] : (offered.data ?? []).map(toChoice);
  const listed = new Set(choices.map((c) => String(c.id)));
  // Chosen ids the server no longer knows (deleted meanwhile), once it has answered afresh.
  const gone =
    chosen.isSuccess && !chosen.isFetching
      ? selected.filter((id) => !kept.some((c) => String(c.id) === String(id)))
      : [];
  return {
    choices: [...choices, ...kept.filter((c) => !listed.has(String(c.id)))],
    kept,
    gone,
    keptPending: selected.length > 0 && chosen.isPending,
    isPending: offered.isPending,
    problem,
    target,
  };
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
