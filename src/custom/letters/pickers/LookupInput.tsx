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
}

const everyAnswer = () => true;

/**
 * Enter in the field while it holds typed text is the picker's, never the form's: with the
 * first suggestion highlighted (autoHighlight) the picker chooses it, and with none it does
 * nothing. It submitted the form around it instead — the favourite contacts' dialog saved
 * and closed without the person whose name was typed (probe helper-72).
 */
const keepEnterWhileTyping = (event: React.KeyboardEvent<HTMLDivElement>) => {
  const typed = (event.target as HTMLInputElement).value;
  if (event.key === 'Enter' && typeof typed === 'string' && typed.trim() !== '') event.preventDefault();
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
  const common = {
    source,
    label,
    choices: choices.filter((choice) => !left.has(String(choice.id))),
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
    autoHighlight: true,
    onKeyDown: keepEnterWhileTyping,
  };
  return multiple ? <AutocompleteArrayInput {...common} /> : <AutocompleteInput {...common} />;
}
