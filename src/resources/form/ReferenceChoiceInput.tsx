// reference / references / treeParent: an autocomplete over the target resource's names,
// read through `{resource}/lookup/` (a colleague may pick a person without the right to
// list people). Typing asks the server with the phrase; the chosen records are read by
// their ids, so their names stay while the user types. A tree's parent select loads the
// whole tree and filters it here: it must leave out the record itself and everything below
// it, which only the whole tree tells. A narrowed reference (a person's city) offers only
// the records of the form's narrowing field (`city/lookup/?parentId={province}`), and lets
// go of a choice outside it.
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  useRecordContext,
  type Identifier,
  type Validator,
} from 'react-admin';
import type { Field } from '../../schemas';
import { phraseKeys, searchKey, storedSearchKey } from '../../shared/persian';
import { subtreeIds, useResourceChoices, type Choice } from '../records';

interface ReferenceChoiceInputProps {
  source: string;
  field: Field;
  validate?: Validator;
  disabled?: boolean;
  helperText?: string | false;
}

export const NO_OPTIONS = 'موردی یافت نشد';

/** The server has matched the phrase (Persian-normalised): offer what it answered. */
const everyAnswer = () => true;

/**
 * A list filtered here (a tree's parents, role names) matches as the server searches: the
 * typed phrase's search key within the option's stored search key, so that Arabic ي/ك,
 * Persian, Arabic-Indic or Latin digits, diacritics and a ZWNJ typed or left out all find
 * it («عمومي» finds «عمومی», «1404» and «١٤٠٤» find «۱۴۰۴»). `exact`: the whole text.
 */
export function matchesPhrase(filter: string, choice: { name?: unknown }, exact = false): boolean {
  const phrase = searchKey(filter ?? '');
  const text = String(choice?.name ?? '');
  if (exact) return searchKey(text) === phrase;
  // Any way the server searches it: the affixes joined or as typed (a longer word's start
  // that reads as an ending), a ZWNJ's words joined («کار‌آفرین» finds «کارآفرین»).
  const stored = storedSearchKey(text);
  return phraseKeys(filter ?? '').some((key) => stored.includes(key));
}

/** The form value of a reference (one id) or references (an id array), as a list. */
function chosenIds(value: unknown): Identifier[] {
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  return values.filter((v): v is Identifier => typeof v === 'number' || (typeof v === 'string' && v !== ''));
}

export function ReferenceChoiceInput({
  source,
  field,
  validate,
  disabled,
  helperText,
}: ReferenceChoiceInputProps) {
  const { meta } = field;
  const record = useRecordContext();
  const isTree = meta.kind === 'treeParent';
  const [phrase, setPhrase] = useState('');
  const narrowing = useWatch({ name: meta.narrowedBy?.field ?? '', disabled: !meta.narrowedBy }) as unknown;
  const filter = meta.narrowedBy && narrowing ? { [meta.narrowedBy.filter]: narrowing } : {};
  const selected = chosenIds(useWatch({ name: source }));
  const { choices, isPending, kept, keptPending, problem } = useResourceChoices(meta.resource, {
    filter,
    phrase: isTree ? '' : phrase,
    selected,
  });
  useLettingGoOutside(source, Boolean(meta.narrowedBy && narrowing), keptPending, kept);
  const excluded =
    isTree && record?.id != null
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
    noOptionsText: problem ?? NO_OPTIONS,
    // A tree filters here (above, and by the phrase as the server would); any other
    // reference asks the server with the phrase.
    ...(isTree ? { matchSuggestion: matchesPhrase } : { setFilter: setPhrase, matchSuggestion: everyAnswer }),
  } as const;
  return meta.kind === 'references' ? (
    <AutocompleteArrayInput {...common} />
  ) : (
    <AutocompleteInput {...common} />
  );
}

/** Clears a single choice the narrowed lookup no longer finds (its province was changed). */
function useLettingGoOutside(source: string, active: boolean, isPending: boolean, kept: Choice[]) {
  const { getValues, setValue } = useFormContext();
  useEffect(() => {
    if (!active || isPending) return;
    const value = getValues(source) as unknown;
    if (value != null && value !== '' && !kept.some((c) => String(c.id) === String(value))) {
      setValue(source, null, { shouldDirty: true });
    }
  }, [active, isPending, kept, source, getValues, setValue]);
}
