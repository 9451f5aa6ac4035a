// Loads a page of a letter list whenever its query changes, and again when told (after a
// delete, on a pushed notification). A failed load empties the list (spec 1 §8).
import { useCallback, useEffect, useState } from 'react';
import { fetchLetters, type LetterListQuery, type LetterPage } from '../api';

const EMPTY: LetterPage = { records: [], totalCount: 0, countCapped: false };

export function useLetterPage(query: LetterListQuery | null) {
  const [generation, setGeneration] = useState(0);
  const key = `${JSON.stringify(query)}#${generation}`;
  // Which load the shown page answers: loading until the current key's answer arrives.
  const [loaded, setLoaded] = useState<{ key: string; page: LetterPage } | null>(null);

  useEffect(() => {
    if (!query) return;
    let current = true;
    void fetchLetters(query)
      .catch((error: unknown) => {
        console.error(error);
        return EMPTY;
      })
      .then((page) => current && setLoaded({ key, page }));
    return () => {
      current = false;
    };
    // The query is compared by value (the key holds its JSON), not by identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  const page = loaded?.page ?? EMPTY;
  return { ...page, loading: query !== null && loaded?.key !== key, reload };
}
