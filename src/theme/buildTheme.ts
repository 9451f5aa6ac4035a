// The MUI theme of the portal: react-admin's default look, right to left, Vazirmatn, and
// the user's chosen colour as primary (spec 1 §2 Home: theme colour picker).
import { faIR } from '@mui/material/locale';
import type { Theme } from '@mui/material/styles';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

export const DEFAULT_THEME_COLOR = '#7B1FA2';
export const FONT_FAMILY = 'Vazirmatn, Tahoma, "Segoe UI", sans-serif';

/** react-admin's components with MUI's Persian texts in their default props: a picker's
 *  «بازکردن» / «بستن» / «پاک‌کردن» buttons, an alert's close, pagination's names — read out
 *  and shown on a long press, they were English. */
function persianComponents(): NonNullable<RaThemeOptions['components']> {
  const components = { ...defaultLightTheme.components } as Record<string, { defaultProps?: object }>;
  for (const [name, persian] of Object.entries(faIR.components ?? {}) as Array<
    [string, { defaultProps?: object }]
  >)
    components[name] = {
      ...components[name],
      defaultProps: { ...components[name]?.defaultProps, ...persian.defaultProps },
    };
  return components as NonNullable<RaThemeOptions['components']>;
}

interface OverrideProps {
  theme: Theme;
  ownerState?: { color?: string };
}

/** The ring's colour: the primary colour, or the text's own where the control takes its
 *  parent's colour (a toast's «مشاهده», the top bar's buttons: primary on primary is unseen). */
const ringColour = ({ theme, ownerState }: OverrideProps) =>
  ownerState?.color === 'inherit' ? 'currentColor' : theme.palette.primary.main;

/** A visible ring where the keyboard is (MUI marks it with .Mui-focusVisible). */
const focusRing = (props: OverrideProps) => ({
  '&.Mui-focusVisible': { outline: `2px solid ${ringColour(props)}`, outlineOffset: 1 },
});

/** The same ring drawn inside the element: a menu item, a tab or a card's face sits in a
 *  box that clips what is drawn outside it (a menu's paper, the tabs' scroller, the card). */
const insetFocusRing = (props: OverrideProps) => ({
  '&.Mui-focusVisible': { outline: `2px solid ${ringColour(props)}`, outlineOffset: -2 },
});

/** Where the pointer is a finger, an icon button or a page number is at least 44 px square,
 *  a button 44 px high (WCAG 2.5.5): the phone's toolbar and pager buttons were 30–37 px. */
const TOUCH_TARGET = { '@media (pointer: coarse)': { minWidth: 44, minHeight: 44 } };

/** react-admin's fill of a filled text field (its default theme's MuiFilledInput). */
const FILLED_INPUT_BACKGROUND = 'rgba(0, 0, 0, 0.04)';

/** Spec 1 §9 breakpoints (600 / 960 / 1536 / 1904), as MUI lower bounds. */
const breakpoints = { values: { xs: 0, sm: 600, md: 960, lg: 1536, xl: 1904 } };

export function buildTheme(primaryColor: string): RaThemeOptions {
  return {
    ...defaultLightTheme,
    direction: 'rtl',
    breakpoints,
    // Secondary follows primary so react-admin's secondary-coloured parts match the picker.
    palette: {
      background: { default: '#f5f5f7' },
      primary: { main: primaryColor },
      secondary: { main: primaryColor },
    },
    typography: { ...defaultLightTheme.typography, fontFamily: FONT_FAMILY },
    shape: { borderRadius: 8 },
    components: {
      ...persianComponents(),
      // A read-only field's hint («پس از ثبت تغییر نمی‌کند») is still meant to be read:
      // MUI's disabled grey is below WCAG AA contrast, so keep the usual secondary grey.
      // A spinner (react-admin's loading indicator in the top bar included) says what it
      // is to a screen reader: a progress bar needs a name (WCAG, axe aria-progressbar-name).
      // The top bar is fixed: a field reached by Tab (or a phone keyboard's «previous») is
      // scrolled clear of it, not under it.
      MuiCssBaseline: { styleOverrides: { html: { scrollPaddingTop: 72, scrollPaddingBottom: 16 } } },
      // react-admin's «رفتن به محتوا» is white on the page's near-white: dark text on white,
      // outlined, over the coloured top bar it shows on.
      RaSkipNavigationButton: {
        styleOverrides: {
          root: ({ theme }: { theme: Theme }) => ({
            backgroundColor: theme.palette.background.paper,
            color: theme.palette.text.primary,
            outline: `2px solid ${theme.palette.primary.main}`,
            '&:hover': { backgroundColor: theme.palette.background.paper },
          }),
        },
      },
      // The keyboard's place on a switch, a check box or an icon button was a faint grey halo:
      // a ring in the primary colour (WCAG 2.4.7, 3:1 against the page).
      MuiIconButton: {
        styleOverrides: { root: (props: OverrideProps) => ({ ...focusRing(props), ...TOUCH_TARGET }) },
      },
      MuiPaginationItem: { styleOverrides: { root: TOUCH_TARGET } },
      // Text and contained buttons («ارسال», «ذخیره پیش‌نویس», a toast's «مشاهده»), tabs, menu
      // items and the dashboard's count cards showed only MUI's faint tint: the same ring.
      MuiButton: {
        styleOverrides: {
          root: (props: OverrideProps) => ({
            ...focusRing(props),
            '@media (pointer: coarse)': { minHeight: 44 },
          }),
        },
      },
      MuiTab: { styleOverrides: { root: insetFocusRing } },
      MuiMenuItem: { styleOverrides: { root: insetFocusRing } },
      MuiListItemButton: { styleOverrides: { root: insetFocusRing } },
      MuiCardActionArea: { styleOverrides: { root: insetFocusRing } },
      MuiCheckbox: { styleOverrides: { root: focusRing } },
      MuiRadio: { styleOverrides: { root: focusRing } },
      MuiSwitch: { styleOverrides: { switchBase: focusRing } },
      // The letter editor's formatting buttons are toggle buttons: a finger's size too.
      MuiToggleButton: {
        styleOverrides: { root: (props: OverrideProps) => ({ ...focusRing(props), ...TOUCH_TARGET }) },
      },
      MuiCircularProgress: { defaultProps: { 'aria-label': 'در حال بارگذاری' } },
      MuiLinearProgress: { defaultProps: { 'aria-label': 'در حال بارگذاری' } },
      // The date picker's field (MUI X's own filled input) takes react-admin's lighter fill,
      // as the text fields beside it do: it was a shade darker (0.06 against 0.04).
      MuiPickersFilledInput: { styleOverrides: { root: { backgroundColor: FILLED_INPUT_BACKGROUND } } },
      MuiFormHelperText: {
        styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } },
      },
    },
  };
}
