// @vitest-environment jsdom
// The keyboard's place is a 2 px ring in the primary colour (WCAG 2.4.7) on every control
// reached by Tab, not only on icon buttons and check boxes: a text or contained button
// («ارسال»), a tab, a menu item (drawn inside it: a menu's paper clips what is outside), a
// list button (the notification panel), a card's face (the dashboard's count cards); a
// button taking its parent's colour (a toast's «مشاهده») rings in that colour.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { buildTheme } from '../../src/theme';

const PRIMARY = '#7b1fa2';
// jsdom keeps the outline as written (it does not split the shorthand).
const RING = `2px solid ${PRIMARY}`;

const renderThemed = (ui: ReactNode) =>
  render(<ThemeProvider theme={createTheme(buildTheme(PRIMARY))}>{ui}</ThemeProvider>);

/** Focus as the keyboard does: MUI calls a focus visible after a key press. */
function focusByKeyboard(element: HTMLElement) {
  fireEvent.keyDown(document.body, { key: 'Tab' });
  act(() => element.focus());
  expect(element.classList.contains('Mui-focusVisible')).toBe(true);
  return getComputedStyle(element);
}

afterEach(() => cleanup());

describe('the focus ring', () => {
  it('rings a text and a contained button in the primary colour', () => {
    renderThemed(
      <>
        <Button>پاسخ</Button>
        <Button variant="contained">ارسال</Button>
      </>,
    );
    for (const name of ['پاسخ', 'ارسال']) {
      const style = focusByKeyboard(screen.getByRole('button', { name }));
      expect(style.outline).toBe(RING);
      expect(style.outlineOffset).toBe('1px');
    }
  });

  it('rings a button taking its parent’s colour (a toast’s «مشاهده») in that colour', () => {
    renderThemed(<Button color="inherit">مشاهده</Button>);
    const style = focusByKeyboard(screen.getByRole('button', { name: 'مشاهده' }));
    expect(style.outline).toBe('2px solid currentColor');
  });

  it('rings a tab, a menu item, a list button and a card’s face inside their edges', () => {
    renderThemed(
      <>
        <Tabs value={0}>
          <Tab label="مشاهده نامه" />
        </Tabs>
        <MenuList>
          <MenuItem>کارتابل من</MenuItem>
        </MenuList>
        <ListItemButton>اعلان تازه</ListItemButton>
        <CardActionArea>نامه‌های خوانده‌نشده</CardActionArea>
      </>,
    );
    for (const element of [
      screen.getByRole('tab', { name: 'مشاهده نامه' }),
      screen.getByRole('menuitem', { name: 'کارتابل من' }),
      screen.getByRole('button', { name: 'اعلان تازه' }),
      screen.getByRole('button', { name: 'نامه‌های خوانده‌نشده' }),
    ]) {
      const style = focusByKeyboard(element);
      expect(style.outline).toBe(RING);
      expect(style.outlineOffset).toBe('-2px');
    }
  });
});
