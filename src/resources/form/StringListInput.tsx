// stringList: several values picked from a list the server answers (`meta.choicesFrom`, e.g.
// `person/allrolenames` → GET person/allrolenames/ → records [{ id, value }]); the values
// themselves are stored. Typing filters them here as the server searches (matchesPhrase).
import { useEffect, useState } from 'react';
import { AutocompleteArrayInput, type Validator } from 'react-admin';
import { http, type ApiAnswer } from '../../api/http';
import { matchesPhrase, NO_OPTIONS } from './ReferenceChoiceInput';

interface StringListInputProps {
  source: string;
  label: string;
  choicesFrom?: string;
  validate?: Validator;
  disabled?: boolean;
  helperText?: string | false;
}

function useChoicesFrom(path: string | undefined) {
  const [values, setValues] = useState<string[] | null>(null);
  useEffect(() => {
    if (!path) return;
    let live = true;
    http
      .get<ApiAnswer & { records?: Array<{ value: string }> }>(path.replace(/\/?$/, '/'))
      .then((answer) => live && setValues((answer.records ?? []).map((r) => String(r.value))))
      .catch((error: unknown) => {
        console.warn(path, error);
        if (live) setValues([]);
      });
    return () => {
      live = false;
    };
  }, [path]);
  return values;
}

export function StringListInput({ choicesFrom, ...props }: StringListInputProps) {
  const values = useChoicesFrom(choicesFrom);
  return (
    <AutocompleteArrayInput
      {...props}
      choices={(values ?? []).map((value) => ({ id: value, name: value }))}
      translateChoice={false}
      matchSuggestion={matchesPhrase}
      isPending={values === null}
      noOptionsText={NO_OPTIONS}
      fullWidth
    />
  );
}
