import { useMemo } from 'react';
import { buildTheme } from './buildTheme';
import { useThemeColor } from './ThemeColor';

/** The react-admin theme for the current theme colour (rebuilt only when it changes). */
export function useAppTheme() {
  const [color] = useThemeColor();
  return useMemo(() => buildTheme(color), [color]);
}
