// reference / references / treeParent: an autocomplete over every record of the target
// resource (`{resource}/list/?Count=-1`), each shown by its title (a tree node by its
// `fullName`). A tree's parent select leaves out the record itself and everything below it.
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
  const { choices, isPending } = useResourceChoices(meta.resource);
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
