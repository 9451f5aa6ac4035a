// What the engine knows about resources as a set: the table and title column of each,
// and which resources point at which (for reference checks and delete guards).
import { RESOURCES, resourceByName } from '../../src/schemas';
import type { Resource } from '../../src/schemas/kit';

/** The column that names a record (first text field), shown beside references. */
export function titleColumn(resource: Resource): string {
  const entry = Object.entries(resource.fields).find(([, f]) => f.meta.kind === 'text' && !f.meta.virtual);
  return entry ? resource.column(entry[0]) : 'id';
}

export function referencedResource(name: string): Resource {
  const target = resourceByName(name);
  if (!target) throw new Error(`Unknown referenced resource "${name}"`);
  return target;
}

export interface Usage {
  resource: Resource;
  field: string;
}

/** Every single-valued field of any resource that points at `target`. */
export function usagesOf(target: Resource): Usage[] {
  return RESOURCES.flatMap((resource) =>
    Object.entries(resource.fields)
      .filter(([, f]) => (f.meta.kind === 'reference' || f.meta.kind === 'treeParent') && !f.meta.virtual)
      .filter(([, f]) => f.meta.resource?.toLowerCase() === target.name.toLowerCase())
      .map(([field]) => ({ resource, field })),
  );
}
