// Load something once, with a reload(); a failed load is logged (spec 1 §8: other failed
// calls are only logged, failed lists are emptied) and says so in `failed`. `data` is then
// the fallback — or, with `keepOnFailure`, what the last load that worked brought: a
// dashboard count that could not be refreshed is not zero.
import { useCallback, useEffect, useState } from 'react';

export function useLoader<T>(load: () => Promise<T>, fallback: T, { keepOnFailure = false } = {}) {
  const [data, setData] = useState<T>(fallback);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    load()
      .then((value) => {
        if (!current) return;
        setData(value);
        setFailed(false);
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!current) return;
        setFailed(true);
        if (!keepOnFailure) setData(fallback);
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
    // `load`, `fallback` and `keepOnFailure` are fixed per call site; reload() bumps the generation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { data, loading, failed, reload };
}
