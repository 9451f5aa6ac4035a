export { ThemeColorProvider, useThemeColor } from './ThemeColor';
export { buildTheme, DEFAULT_THEME_COLOR, FONT_FAMILY } from './buildTheme';
export { useAppTheme } from './useAppTheme';
export { rtlCache } from './rtlCache';
