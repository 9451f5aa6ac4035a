// Loads a page of a letter list whenever its query changes, and again when told (after a
// delete, on a pushed notification, react-admin's refresh in the top bar). A failed load
// empties the list (spec 1 §8) and says so (`failed`): a list that could not be read is not
// a list with nothing in it, and its total is not 0. Nor is it 0 before the first answer
// (`counted` is false until a page has been read).
import { useCallback, useEffect, useState } from 'react';
import { useOnRefresh } from '../../../ui/useOnRefresh';
import { fetchLetters, type LetterListQuery, type LetterPage } from '../api';

const EMPTY: LetterPage = { records: [], totalCount: 0, countCapped: false };

/** What a letter list says when its page could not be loaded (a network failure). */
export const LIST_LOAD_FAILED = 'بارگذاری فهرست نامه‌ها انجام نشد';

export function useLetterPage(query: LetterListQuery | null) {
  const [generation, setGeneration] = useState(0);
  const key = `${JSON.stringify(query)}#${generation}`;
  // Which load the shown page answers: loading until the current key's answer arrives.
  const [loaded, setLoaded] = useState<{ key: string; page: LetterPage; failed: boolean } | null>(null);

  useEffect(() => {
    if (!query) return;
    let current = true;
    void fetchLetters(query)
      .then((page) => ({ page, failed: false }))
      .catch((error: unknown) => {
        console.error(error);
        return { page: EMPTY, failed: true };
      })
      .then((answer) => current && setLoaded({ key, ...answer }));
    return () => {
      current = false;
    };
    // The query is compared by value (the key holds its JSON), not by identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  useOnRefresh(reload);
  const page = loaded?.page ?? EMPTY;
  const loading = query !== null && loaded?.key !== key;
  return {
    ...page,
    loading,
    failed: query !== null && !loading && loaded?.failed === true,
    /** A page has been read: its total is one to tell (while the next loads, too). */
    counted: loaded !== null && !loaded.failed,
    reload,
  };
}
