// What the engine knows about resources as a set: the table and title column of each,
// and which resources point at which (for reference checks and delete guards).
import { RESOURCES, resourceByName } from '../../src/schemas';
import type { Resource } from '../../src/schemas/kit';
import type { Trx } from './hooks';

/** The columns that name a record (its title fields), shown beside references. */
export function titleColumns(resource: Resource): string[] {
  const columns = resource.titleFieldNames().map((field) => resource.column(field));
  return columns.length ? columns : ['id'];
}

/** The column a tree node's path is made of. */
export function titleColumn(resource: Resource): string {
  return titleColumns(resource)[0];
}

export function referencedResource(name: string): Resource {
  const target = resourceByName(name);
  if (!target) throw new Error(`Unknown referenced resource "${name}"`);
  return target;
}

export interface Usage {
  /** The resource whose field it is (none for another domain's table). */
  resource?: Resource;
  field?: string;
  /** What the using records are called in a refusal (the resource's title). */
  title: string;
  /** Where to look: the table and the column holding the target's id. */
  table: string;
  column: string;
  /** Clears, before the guard counts, the naming rows nobody can act on any more (ExternalUsage). */
  release?: ExternalUsage['release'];
}

/** A domain's own table (not a resource's) holding ids of a resource's records: letters
 *  name their numbering scheme, customers, folders. Registered by that domain. */
export interface ExternalUsage {
  /** The resource whose records are named (its name). */
  target: string;
  /** What the naming records are called, in the refusal: «… در «نامه‌ها» استفاده شده است». */
  title: string;
  table: string;
  column: string;
  /**
   * Run in the delete's transaction before the guard counts: clears the rows that name
   * record `id` but that nobody can act on any more, so they neither keep it nor block it
   * (letters: a filing whose filer can no longer see the letter, or is switched off). The
   * rows left keep the record; a refusal rolls the clearing back with the rest.
   */
  release?(trx: Trx, tenantId: number, id: number): Promise<void>;
}

const externalUsages: ExternalUsage[] = [];

/** A record another domain's table still names is not deleted, as for the schemas' own
 *  references (service.ts deleteRecord). */
export function registerUsage(usage: ExternalUsage) {
  externalUsages.push(usage);
}

/** Where the records named by a domain's table are used, in the shape of a resource's usage. */
function externalUsagesOf(target: Resource): Usage[] {
  return externalUsages
    .filter((usage) => usage.target.toLowerCase() === target.name.toLowerCase())
    .map((usage) => ({
      title: usage.title,
      table: usage.table,
      column: usage.column,
      release: usage.release,
    }));
}

/** Every stored field of any resource that points at `target` (a column or a join table),
 *  and every registered table of another domain that does. */
export function usagesOf(target: Resource): Usage[] {
  return [...resourceUsagesOf(target), ...externalUsagesOf(target)];
}

function resourceUsagesOf(target: Resource): Usage[] {
  return RESOURCES.flatMap((resource) =>
    Object.entries(resource.fields)
      .filter(([, f]) => ['reference', 'treeParent', 'references'].includes(f.meta.kind) && !f.meta.virtual)
      .filter(([, f]) => f.meta.resource?.toLowerCase() === target.name.toLowerCase())
      // A child goes with its parent (ON DELETE CASCADE): it does not keep the parent.
      .filter(([field]) => resource.parent?.field !== field)
      .map(([field, f]) =>
        f.meta.kind === 'references'
          ? { resource, field, title: resource.title, table: resource.joinTable(field), column: 'ref_id' }
          : { resource, field, title: resource.title, table: resource.table, column: resource.column(field) },
      ),
  );
}
