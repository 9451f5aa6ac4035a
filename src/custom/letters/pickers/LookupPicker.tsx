// A picker of one record of a master-data resource by name (`{resource}/lookup/`), for
// places outside a form: the customer filters of the letter lists. Typing asks the server.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useResourceChoices, type Choice } from '../../../resources/records';
import { NO_OPTIONS } from '../../../resources/form/ReferenceChoiceInput';

/** How long typing pauses before the phrase is asked (react-admin's pickers wait as long). */
export const PHRASE_DELAY_MS = 250;

interface LookupPickerProps {
  resource: string;
  label: string;
  value: number | undefined;
  onChange: (id: number | null) => void;
  id?: string;
  sx?: SxProps<Theme>;
  /** What an empty list says before anything is typed (none exist yet: where to make one);
   *  said under the field too, in place of «الزامی است»: it is why nothing was chosen. */
  noneYet?: ReactNode;
  /** Focused when shown (a dialog's one field: Enter then confirms it). */
  autoFocus?: boolean;
  /** The chosen record is not there (deleted, or an id no record has): by default the
   *  choice is cleared through onChange. */
  onGone?: () => void;
  /** An error said under the field, tied to it (aria-invalid, aria-describedby). */
  error?: string;
  /** Nothing chosen and exactly one record offered (nothing typed yet): it is chosen, once
   *  a mount — a print with the tenant's one template needs no choosing. */
  chooseTheOnlyOne?: boolean;
}

export function LookupPicker({
  resource,
  label,
  value,
  onChange,
  id,
  sx,
  noneYet,
  autoFocus,
  onGone,
  error,
  chooseTheOnlyOne,
}: LookupPickerProps) {
  const [phrase, setPhrase] = useState('');
  // Asked once the list is opened or typed in: a list screen's customer filters loaded a
  // thousand customers before anyone opened them (probe helper-99). A picker that says
  // «none yet» or takes the only record needs to know at once.
  const [opened, setOpened] = useState(Boolean(noneYet) || Boolean(chooseTheOnlyOne));
  // A phrase is asked once typing pauses, not at each key («زاگرس 1» asked seven times).
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  const ask = (text: string, delayMs = PHRASE_DELAY_MS) => {
    clearTimeout(typing.current);
    if (delayMs === 0) setPhrase(text);
    else typing.current = setTimeout(() => setPhrase(text), delayMs);
  };
  const { choices, isPending, gone, problem } = useResourceChoices(resource, {
    phrase,
    selected: value ? [value] : [],
    offered: opened,
  });
  const chosen = choices.find((choice) => String(choice.id) === String(value)) ?? null;
  // A choice deleted meanwhile (a template, a folder) is no choice: the caller hears so.
  const chosenGone = value !== undefined && gone.some((id) => String(id) === String(value));
  useEffect(() => {
    if (!chosenGone) return;
    if (onGone) onGone();
    else onChange(null);
    // Once when the choice is found gone: the callbacks may change with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosenGone]);
  // Typed in or chosen once, the user's choosing is left to them (a cleared field stays so).
  const handled = useRef(false);
  const onlyOne =
    chooseTheOnlyOne && !phrase && !isPending && value === undefined && choices.length === 1
      ? choices[0].id
      : undefined;
  useEffect(() => {
    if (onlyOne === undefined || handled.current) return;
    handled.current = true;
    onChange(Number(onlyOne));
    // Once, when the one record is known: the callback may change with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onlyOne]);
  // Nothing to choose at all (nothing typed, the list loaded empty): the field says so
  // before the list is opened, and not only «الزامی است» after a confirm (probe helper-93).
  const noneAtAll = Boolean(noneYet) && !phrase && !isPending && !problem && choices.length === 0;
  return (
    <Autocomplete<Choice>
      id={id}
      size="small"
      sx={sx ?? { minWidth: 220 }}
      options={choices}
      value={chosen}
      loading={isPending}
      filterOptions={(options) => options}
      getOptionLabel={(choice) => choice.name}
      isOptionEqualToValue={(a, b) => String(a.id) === String(b.id)}
      onOpen={() => setOpened(true)}
      onInputChange={(_, text, reason) => {
        if (reason !== 'input') return;
        handled.current = true;
        setOpened(true);
        ask(text);
      }}
      onChange={(_, choice) => {
        handled.current = true;
        ask('', 0);
        onChange(choice ? Number(choice.id) : null);
      }}
      noOptionsText={(!phrase && noneYet) || NO_OPTIONS}
      loadingText="در حال بارگذاری…"
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={noneAtAll ? noneYet : error}
        />
      )}
    />
  );
}
