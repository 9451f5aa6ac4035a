// The inputs of a resource's form, shared by Add and Edit: one per field, in the order of
// the definition, each with the client-side check from its schema. A form with many fields
// (a wide, 800 px dialog) lays them out in two columns; long ones take a whole row.
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import type { FieldKind, Resource } from '../../schemas';
import { FieldInput } from './FieldInput';
import { fieldRules, shownFields, type FormMode } from './validation';

/** Wide forms (many fields) get the 800 px dialog and two columns; others 560 px, one. */
export const isWideForm = (resource: Resource) => Object.keys(resource.fields).length > 6;

const FULL_ROW: FieldKind[] = ['multiline', 'references', 'tags', 'stringList', 'file'];

export function ResourceInputs({ resource, mode }: { resource: Resource; mode: FormMode }) {
  const rules = useMemo(() => fieldRules(resource, mode), [resource, mode]);
  const wide = isWideForm(resource);
  return (
    <Box
      sx={{
        pt: 1,
        display: 'grid',
        columnGap: 2,
        gridTemplateColumns: { xs: '1fr', sm: wide ? '1fr 1fr' : '1fr' },
        alignItems: 'start',
      }}
    >
      {shownFields(resource, mode).map(([name, field]) => (
        <Box
          key={name}
          sx={{ gridColumn: FULL_ROW.includes(field.meta.kind) ? '1 / -1' : undefined, minWidth: 0 }}
        >
          <FieldInput name={name} field={field} mode={mode} rule={rules[name]} />
        </Box>
      ))}
    </Box>
  );
}
