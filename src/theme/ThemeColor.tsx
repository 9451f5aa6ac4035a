// The user's theme colour: a context read by the whole app (it is the MUI primary colour)
// and changed by the dashboard's colour picker through useThemeColor().
// Loaded from the server after sign-in (GET usersetting/get/) and saved there
// (POST usersetting/save/ {ThemeColor}); kept in localStorage too so the next visit
// paints in the right colour before the answer arrives.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { http, type ApiAnswer } from '../api/http';
import { getToken, onSessionChange } from '../api/session';
import { DEFAULT_THEME_COLOR } from './buildTheme';

const STORAGE_KEY = 'dabir.themeColor';
const isColor = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);

type SetThemeColor = (color: string) => Promise<boolean>;
const ThemeColorContext = createContext<[string, SetThemeColor] | null>(null);

function storedColor(): string {
  const stored = localStorage.getItem(STORAGE_KEY);
  return isColor(stored) ? stored : DEFAULT_THEME_COLOR;
}

async function fetchThemeColor(): Promise<string | null> {
  try {
    const answer = await http.get<ApiAnswer & { record?: { themeColor?: string } }>('usersetting/get/');
    return answer.status === 1 && isColor(answer.record?.themeColor) ? answer.record.themeColor : null;
  } catch {
    return null; // Spec 1 §8: other failed calls are only logged; keep the current colour.
  }
}

export function ThemeColorProvider({ children }: { children: ReactNode }) {
  const [color, setColorState] = useState(storedColor);

  const apply = useCallback((next: string) => {
    setColorState(next);
    localStorage.setItem(STORAGE_KEY, next);
  }, []);

  // Load the user's colour whenever a (new) token appears; forget it at logout.
  useEffect(() => {
    let loadedFor: string | null = null;
    const sync = () => {
      const token = getToken();
      if (token === loadedFor) return;
      loadedFor = token;
      if (!token) {
        localStorage.removeItem(STORAGE_KEY);
        setColorState(DEFAULT_THEME_COLOR);
        return;
      }
      void fetchThemeColor().then((loaded) => loaded && getToken() === token && apply(loaded));
    };
    sync();
    return onSessionChange(sync);
  }, [apply]);

  const setColor = useCallback<SetThemeColor>(
    async (next) => {
      if (!isColor(next)) return false;
      apply(next);
      try {
        const answer = await http.post('usersetting/save/', { ThemeColor: next });
        return answer.status === 1;
      } catch {
        return false;
      }
    },
    [apply],
  );

  const value = useMemo<[string, SetThemeColor]>(() => [color, setColor], [color, setColor]);
  return <ThemeColorContext.Provider value={value}>{children}</ThemeColorContext.Provider>;
}

/** `[color, setColor]`: setColor applies at once and saves on the server (resolves true when saved). */
export function useThemeColor(): [string, SetThemeColor] {
  const value = useContext(ThemeColorContext);
  if (!value) throw new Error('useThemeColor must be used inside <ThemeColorProvider> (see src/main.tsx)');
  return value;
}
