// @vitest-environment jsdom
// Persian fidelity of the shell and the forms: the calendar's weekday letters, the empty
// date field's «سال/ماه/روز», Persian digits in digit fields (stored Latin), in the menu
// header and in the bell's label, the tab title per screen, react-admin's not-found
// sentence with one full stop, the form's error summary leaving once the form is right,
// and the page-size select keeping its own width.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Autocomplete, CircularProgress, LinearProgress, TextField } from '@mui/material';
import { AutocompleteInput, Form, NotFound } from 'react-admin';
import { setSession } from '../../src/api/session';
import { DocumentTitle, documentTitle } from '../../src/layout';
import { NotificationBell } from '../../src/layout/notifications/NotificationBell';
import { SideMenuHeader } from '../../src/layout/menu/SideMenuHeader';
import { ResourcePage } from '../../src/resources';
import { bank } from '../../src/schemas/banks';
import { person } from '../../src/schemas/people';
import JalaliDatePicker from '../../src/ui/jalali/JalaliDatePicker';
import JalaliMonthCalendar from '../../src/ui/jalali/JalaliMonthCalendar';
import { CLIENT_TEST_TIMEOUT_MS, installMatchMedia, renderInAdmin } from './client-render';
import { fakeMasterData, signIn } from './client-resource-fixtures';

const { api, handler } = fakeMasterData();
const server = setupServer(
  http.get('*/api/notification/list/', () =>
    HttpResponse.json({ status: 1, records: [], totalCount: 0, unreadCount: 12 }),
  ),
  http.get('*/api/person/allrolenames/', () =>
    HttpResponse.json({ status: 1, records: [{ id: 1, value: 'کارکنان' }] }),
  ),
  handler,
);

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  api.reset();
  signIn(['Banks', 'Person']);
});
afterEach(cleanup);
afterAll(() => {
  server.close();
  setSession(null);
});

const dialog = () => screen.getByRole('dialog');

describe('Jalali calendar and date field', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('heads the weeks ش ی د س چ پ ج, Saturday first', () => {
    render(<JalaliMonthCalendar value="2025-04-04" />);
    const headings = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headings).toEqual(['ش', 'ی', 'د', 'س', 'چ', 'پ', 'ج']);
  });

  it('shows an empty date field as «سال/ماه/روز», not YYYY/MM/DD', async () => {
    render(<JalaliDatePicker value={null} onChange={() => undefined} label="تاریخ تولد" />);
    const field = screen.getByRole('group', { name: /تاریخ تولد/ });
    fireEvent.focus(within(field).getAllByRole('spinbutton')[0]);
    await waitFor(() => expect(field.textContent).toMatch(/سال.*ماه.*روز/));
    expect(field.textContent).not.toMatch(/[YMD]/);
  });

  it('asks a bound given as a function each time the calendar opens: «today» after midnight (probe helper-91)', async () => {
    let today = '2025-03-10'; // 1403/12/20
    render(
      <JalaliDatePicker
        value="2025-03-05"
        onChange={() => undefined}
        label="تاریخ نامه وارده"
        readOnlyField
        maxDate={() => today}
      />,
    );
    const day = async (n: string) =>
      within(await screen.findByRole('grid')).getByRole('gridcell', { name: n });
    const open = () => fireEvent.click(screen.getByRole('group', { name: /تاریخ نامه وارده/ }));
    open();
    expect((await day('۲۱')).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(screen.getByRole('grid'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('grid')).toBeNull());
    today = '2025-03-11'; // midnight has passed while the form stayed open
    open();
    expect((await day('۲۱')).hasAttribute('disabled')).toBe(false);
  });
});

describe('digits', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('shows a person’s mobile and national code with Persian digits and sends Latin ones', async () => {
    api.tables.person = [
      {
        id: 7,
        firstName: 'سارا',
        lastName: 'نوری',
        mobile: '09351234567',
        nationalCode: '0012345678',
        isActive: true,
        roleNames: ['کارکنان'],
      },
    ];
    renderInAdmin(<ResourcePage resource={person} />, { path: '/person' });
    // The table too.
    expect(await screen.findByText('۰۹۳۵۱۲۳۴۵۶۷')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ویرایش سارا نوری' }));
    expect(await within(dialog()).findByDisplayValue('۰۹۳۵۱۲۳۴۵۶۷')).toBeTruthy();
    const nationalCode = within(dialog()).getByDisplayValue('۰۰۱۲۳۴۵۶۷۸');
    // Typed with Latin digits, shown with Persian ones.
    fireEvent.change(nationalCode, { target: { value: '1234567890' } });
    expect((nationalCode as HTMLInputElement).value).toBe('۱۲۳۴۵۶۷۸۹۰');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(api.writes('update')).toHaveLength(1));
    expect(api.writes('update')[0].body).toMatchObject({ NationalCode: '1234567890' });
  });

  it('writes the menu header’s mobile and the bell’s count with Persian digits', async () => {
    renderInAdmin(
      <>
        <SideMenuHeader />
        <NotificationBell />
      </>,
    );
    expect(screen.getByTestId('menu-username').textContent).toBe('۰۹۱۲۰۰۰۰۰۰۰');
    expect(await screen.findByRole('button', { name: 'اعلان‌ها، ۱۲ خوانده‌نشده' })).toBeTruthy();
  });
});

describe('titles and sentences', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('names the screen in the browser tab: «{screen} — دبیر»', () => {
    expect(documentTitle('/person')).toBe('اشخاص — دبیر');
    expect(documentTitle('/projects/12')).toBe('جزییات پروژه — دبیر');
    expect(documentTitle('/')).toBe('داشبورد — دبیر');
    expect(documentTitle('/no-such-screen')).toBe('دبیر');
    renderInAdmin(<DocumentTitle />, { path: '/banks' });
    expect(document.title).toBe('بانک‌ها — دبیر');
  });

  it('names every spinner and progress bar for a screen reader', async () => {
    renderInAdmin(
      <>
        <CircularProgress />
        <LinearProgress />
        <LinearProgress aria-label="پیشرفت ارسال" />
      </>,
    );
    const bars = await screen.findAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'در حال بارگذاری',
      'در حال بارگذاری',
      'پیشرفت ارسال',
    ]);
  });

  it('words a react-admin picker’s buttons as MUI’s own pickers: «بازکردن» / «بستن», not «باز کن» (probe helper-98)', async () => {
    renderInAdmin(
      <>
        <Form defaultValues={{ kind: null }}>
          <AutocompleteInput
            source="kind"
            label="نوع نامه"
            choices={[
              { id: 1, name: 'داخلی' },
              { id: 2, name: 'وارده' },
            ]}
          />
        </Form>
        <Autocomplete
          options={['قراردادها']}
          renderInput={(params) => <TextField {...params} label="پوشه" />}
        />
      </>,
    );
    const openers = await screen.findAllByRole('button', { name: 'بازکردن' });
    expect(openers).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'باز کن' })).toBeNull();
    // The react-admin picker's, opened, reads «بستن» as MUI's does.
    fireEvent.click(openers[0]);
    expect(await screen.findByRole('button', { name: 'بستن' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ببند' })).toBeNull();
  });

  it('ends the not-found sentence with one full stop', async () => {
    renderInAdmin(<NotFound />);
    const sentence = await screen.findByText(/دیگر معتبر نیست/);
    expect(sentence.textContent).toMatch(/نیست\.$/);
    expect(sentence.textContent).not.toMatch(/\.\./);
  });
});

describe('the list and the form', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('takes the form’s error summary away once the mistake is corrected', async () => {
    api.tables.bank = [];
    renderInAdmin(<ResourcePage resource={bank} />, { path: '/banks' });
    fireEvent.click(await screen.findByRole('button', { name: 'افزودن بانک' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));
    const summary = 'فرم درست پر نشده است. لطفا خطاها را بررسی کنید';
    expect(await screen.findByText(summary)).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText(/نام بانک/), { target: { value: 'بانک ملت' } });
    await waitFor(() => expect(screen.queryByText(summary)).toBeNull(), { timeout: 1000 });
  });

  it('keeps the page-size select as wide as its numbers, not the table', async () => {
    api.tables.bank = Array.from({ length: 25 }, (_, i) => ({ bankId: i + 1, title: `بانک ${i + 1}` }));
    renderInAdmin(<ResourcePage resource={bank} />, { path: '/banks' });
    const select = await screen.findByRole('combobox', { name: 'تعداد در صفحه' });
    expect(select.closest('.MuiFormControl-root')!.classList).not.toContain('MuiFormControl-fullWidth');
  });
});
