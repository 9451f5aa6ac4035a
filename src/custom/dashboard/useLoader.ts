// Load something once, with a reload(); a failed load is logged and leaves `data` at its
// fallback (spec 1 §8: other failed calls are only logged, failed lists are emptied).
import { useCallback, useEffect, useState } from 'react';

export function useLoader<T>(load: () => Promise<T>, fallback: T) {
  const [data, setData] = useState<T>(fallback);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    load()
      .then((value) => current && setData(value))
      .catch((error: unknown) => {
        console.error(error);
        if (current) setData(fallback);
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
    // `load` and `fallback` are fixed per call site; reload() bumps the generation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { data, loading, reload };
}
