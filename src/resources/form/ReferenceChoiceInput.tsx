// reference / references / treeParent: an autocomplete over every record of the target
// resource (`{resource}/list/?Count=-1`), each shown by its title (a tree node by its
// `fullName`). A tree's parent select leaves out the record itself and everything below it.
// A narrowed reference (a person's city) offers only the records of the form's narrowing
// field (`city/list/?parentId={province}`), and lets go of a choice outside it.
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { AutocompleteArrayInput, AutocompleteInput, useRecordContext, type Validator } from 'react-admin';
import type { Field } from '../../schemas';
import { subtreeIds, useResourceChoices } from '../records';

interface ReferenceChoiceInputProps {
  source: string;
  field: Field;
  validate?: Validator;
  disabled?: boolean;
  helperText?: string | false;
}

export const NO_OPTIONS = 'موردی یافت نشد';

export function ReferenceChoiceInput({
  source,
  field,
  validate,
  disabled,
  helperText,
}: ReferenceChoiceInputProps) {
  const { meta } = field;
  const record = useRecordContext();
  const narrowing = useWatch({ name: meta.narrowedBy?.field ?? '', disabled: !meta.narrowedBy }) as unknown;
  const filter = meta.narrowedBy && narrowing ? { [meta.narrowedBy.filter]: narrowing } : {};
  const { choices, isPending } = useResourceChoices(meta.resource, filter);
  useLettingGoOutside(source, Boolean(meta.narrowedBy && narrowing), isPending, choices);
  const excluded =
    meta.kind === 'treeParent' && record?.id != null
      ? subtreeIds(
          choices.map((c) => c.record),
          source,
          record.id,
        )
      : undefined;
  const offered = excluded ? choices.filter((c) => !excluded.has(String(c.id))) : choices;
  const common = {
    source,
    label: meta.label,
    choices: offered,
    optionText: 'name',
    translateChoice: false,
    isPending,
    validate,
    disabled,
    helperText,
    fullWidth: true,
    noOptionsText: NO_OPTIONS,
  } as const;
  return meta.kind === 'references' ? (
    <AutocompleteArrayInput {...common} />
  ) : (
    <AutocompleteInput {...common} />
  );
}

/** Clears a single choice that is no longer offered (its province was changed). */
function useLettingGoOutside(
  source: string,
  active: boolean,
  isPending: boolean,
  choices: Array<{ id: unknown }>,
) {
  const { getValues, setValue } = useFormContext();
  useEffect(() => {
    if (!active || isPending) return;
    const value = getValues(source);
    if (value != null && value !== '' && !choices.some((c) => String(c.id) === String(value))) {
      setValue(source, null, { shouldDirty: true });
    }
  }, [active, isPending, choices, source, getValues, setValue]);
}
