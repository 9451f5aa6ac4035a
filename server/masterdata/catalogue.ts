// What the engine knows about resources as a set: the table and title column of each,
// and which resources point at which (for reference checks and delete guards).
import { RESOURCES, resourceByName } from '../../src/schemas';
import type { Resource } from '../../src/schemas/kit';

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
  resource: Resource;
  field: string;
  /** Where to look: the table and the column holding the target's id. */
  table: string;
  column: string;
}

/** Every stored field of any resource that points at `target` (a column or a join table). */
export function usagesOf(target: Resource): Usage[] {
  return RESOURCES.flatMap((resource) =>
    Object.entries(resource.fields)
      .filter(([, f]) => ['reference', 'treeParent', 'references'].includes(f.meta.kind) && !f.meta.virtual)
      .filter(([, f]) => f.meta.resource?.toLowerCase() === target.name.toLowerCase())
      // A child goes with its parent (ON DELETE CASCADE): it does not keep the parent.
      .filter(([field]) => resource.parent?.field !== field)
      .map(([field, f]) =>
        f.meta.kind === 'references'
          ? { resource, field, table: resource.joinTable(field), column: 'ref_id' }
          : { resource, field, table: resource.table, column: resource.column(field) },
      ),
  );
}
