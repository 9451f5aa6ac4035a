// A form input choosing records of a master-data resource by name (`{resource}/lookup/`):
// one (`multiple` off) or several. Typing asks the server; `exclude` leaves records out of
// what may be picked (the letter's recipients without the current user); `filter` narrows
// the lookup (numbering schemes of the letter's type).
import { useState } from 'react';
import { AutocompleteArrayInput, AutocompleteInput, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useResourceChoices } from '../../../resources/records';
import { NO_OPTIONS } from '../../../resources/form/ReferenceChoiceInput';

interface LookupInputProps {
  source: string;
  resource: string;
  label: string;
  multiple?: boolean;
  validate?: Validator | Validator[];
  disabled?: boolean;
  filter?: Record<string, unknown>;
  exclude?: Array<number | null | undefined>;
  /** Chosen records switched off since (the lookup by ids names them as any other): their
   *  chips say so, as a letter's own switched-off scheme does — taken off, they cannot be
   *  chosen again (the lookup offers only active ones). */
  inactive?: ReadonlyArray<number>;
}

const INACTIVE_MARK = ' (غیرفعال)';

const everyAnswer = () => true;

/**
 * Enter in the field is the picker's, never the form's: on a suggestion the user
 * highlighted (arrow keys) the picker chooses it (MUI's own handler, which runs after this
 * one), and on none it does nothing. It submitted the form around it instead — the
 * favourite contacts' dialog saved and closed without the person whose name was typed
 * (probe helper-72). No suggestion is highlighted by itself (autoHighlight): for the
 * quarter second before the list answers the phrase now typed it still shows the last
 * one's, and Enter chose a person whose name was not typed (probe helper-78).
 */
const keepEnterFromTheForm = (event: React.KeyboardEvent<HTMLDivElement>) => {
  // Ctrl+Enter (⌘+Enter) stays the dialogs' «send from any field» (ForwardDialog).
  if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) event.preventDefault();
};

export function LookupInput({
  source,
  resource,
  label,
  multiple = false,
  validate,
  disabled,
  filter,
  exclude = [],
  inactive = [],
}: LookupInputProps) {
  const [phrase, setPhrase] = useState('');
  const value = useWatch({ name: source }) as unknown;
  const selected = (Array.isArray(value) ? value : [value]).filter(
    (id): id is number => typeof id === 'number' || (typeof id === 'string' && id !== ''),
  );
  const { choices, isPending } = useResourceChoices(resource, { phrase, selected, filter });
  // Left out of what may be picked, never out of what is chosen already: a chosen value
  // with no choice is not shown, and the next change would drop it (a draft passed to one
  // of its recipients, a letter received: the field looked empty, a save lost them).
  const chosen = new Set(selected.map(String));
  const left = new Set(exclude.filter((id) => id != null && !chosen.has(String(id))).map(String));
  const off = new Set(inactive.map(String));
  const common = {
    source,
    label,
    choices: choices
      .filter((choice) => !left.has(String(choice.id)))
      .map((choice) =>
        off.has(String(choice.id)) ? { ...choice, name: choice.name + INACTIVE_MARK } : choice,
      ),
    optionText: 'name',
    translateChoice: false,
    isPending,
    validate,
    disabled,
    fullWidth: true,
    noOptionsText: NO_OPTIONS,
    setFilter: setPhrase,
    matchSuggestion: everyAnswer,
    helperText: false as const,
    onKeyDown: keepEnterFromTheForm,
  };
  return multiple ? <AutocompleteArrayInput {...common} /> : <AutocompleteInput {...common} />;
}
