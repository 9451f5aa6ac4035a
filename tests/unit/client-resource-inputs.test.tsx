// @vitest-environment jsdom
// Typing into the generic form's inputs: lists filtered here (a tree's parents, role names)
// match as the server searches (Arabic ي/ك, any digits); a number that is not a plain whole
// number is kept as typed and refused in Persian by name, never read as another number;
// digits fields read left to right; the caret stays where a Latin digit was typed.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setSession } from '../../src/api/session';
import { ResourcePage } from '../../src/resources';
import { matchesPhrase } from '../../src/resources/form/ReferenceChoiceInput';
import { parseWhole } from '../../src/resources/form/NumericInput';
import { defineResource, f, type Resource } from '../../src/schemas';
import { archive } from '../../src/schemas/correspondence';
import {
  CLIENT_TEST_TIMEOUT_MS,
  installMatchMedia,
  renderInAdmin,
  settleDebouncedInputs,
} from './client-render';
import { fakeMasterData, signIn } from './client-resource-fixtures';

// Not registered in RESOURCES: only the screen sees it (the dataProvider's generic path).
const gizmo = defineResource({
  name: 'gizmo',
  route: '/gizmos',
  title: 'ابزارک‌ها',
  singular: 'ابزارک',
  table: 'gizmos',
  idField: 'gizmoId',
  permission: 'Banks',
  fields: {
    title: f.text('عنوان', { required: true, list: true }),
    batch: f.number('شماره سری'),
    price: f.money('بها'),
    mobile: f.mobile('تلفن همراه'),
    postalCode: f.digits('کد پستی'),
    roles: f.stringList('نقش‌ها', { choicesFrom: 'gizmo/rolenames' }),
  },
});

const { api, handler } = fakeMasterData();
const roleNames = ['مدیران سامانه', 'کارکنان', 'بایگانی ۱۴۰۴'].map((name) => ({ id: name, value: name }));
const server = setupServer(
  http.get('*/api/gizmo/rolenames/', () => HttpResponse.json({ status: 1, records: roleNames })),
  handler,
);
const writes = () => api.calls.filter((c) => c.method !== 'GET');
const dialog = () => screen.getByRole('dialog');
const show = (resource: Resource) =>
  renderInAdmin(<ResourcePage resource={resource} />, { path: resource.route });
const input = (label: RegExp) =>
  within(dialog()).getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  api.reset();
  signIn(['Banks', 'Archive']);
});
afterEach(() => cleanup());
afterAll(async () => {
  await settleDebouncedInputs();
  server.close();
  setSession(null);
});

/** Types `text` into an autocomplete and waits for it to offer `expected`. */
async function expectOffered(label: RegExp, text: string, expected: string[]) {
  fireEvent.change(input(label), { target: { value: text } });
  await waitFor(() =>
    expect(
      screen.queryAllByRole('option').map((o) => o.textContent),
      text,
    ).toEqual(expected),
  );
}

/** Types `text` at `at` as a keyboard does: the caret after it, then one input event. */
function typeAt(field: HTMLInputElement, text: string, at: number) {
  field.focus();
  const value = field.value.slice(0, at) + text + field.value.slice(at);
  // The prototype's setter, past React's value tracker, as a browser writes a keystroke.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
  field.setSelectionRange(at + text.length, at + text.length);
  fireEvent.input(field);
}

describe('matchesPhrase', () => {
  it('matches the typed phrase as the server does, in any letters and digits', () => {
    const folder = { name: 'بایگانی عمومی / ۱۴۰۴' };
    for (const typed of ['عمومي', 'عمومی', '1404', '١٤٠٤', '۱۴۰۴', 'بايگاني عمومي / 1404', ' عمومی  '])
      expect(matchesPhrase(typed, folder), typed).toBe(true);
    expect(matchesPhrase('1405', folder)).toBe(false);
    // A ZWNJ typed, as a space or left out.
    for (const typed of ['نامه‌های', 'نامه های', 'نامههای'])
      expect(matchesPhrase(typed, { name: 'نامه‌های وارده' }), typed).toBe(true);
    // Affixes written apart, in a phrase of two words; or a longer word's start that reads as one.
    for (const typed of ['نامه ها وارده', 'نامه‌ها وارده', 'نامهها وارده'])
      expect(matchesPhrase(typed, { name: 'نامه‌ها وارده' }), typed).toBe(true);
    expect(matchesPhrase('شرکت ها', { name: 'شرکت هامون' })).toBe(true);
    // A ZWNJ typed where the name writes the word joined; a seat read as its letter; a slash.
    expect(matchesPhrase('کار‌آفرین', { name: 'بانک کارآفرین' })).toBe(true);
    expect(matchesPhrase('موسسه', { name: 'مؤسسه آمل' })).toBe(true);
    expect(matchesPhrase('SL∕1', { name: 'SL/1' })).toBe(true);
    expect(matchesPhrase('كاركنان', { name: 'کارکنان' }, true)).toBe(true);
    expect(matchesPhrase('کار', { name: 'کارکنان' }, true)).toBe(false);
  });
});

describe('lists filtered here', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('finds a tree parent typed with Arabic letters or any digits', async () => {
    const folder = (id: number, title: string, parent: number | null, fullName: string) => ({
      archiveId: id,
      archiveTitle: title,
      parentFk: parent,
      fullName,
    });
    api.tables.archive = [
      folder(5, 'بایگانی عمومی', null, 'بایگانی عمومی'),
      folder(7, '۱۴۰۴', 5, 'بایگانی عمومی / ۱۴۰۴'),
      folder(6, '۱۴۰۵', 5, 'بایگانی عمومی / ۱۴۰۵'),
      folder(8, 'قراردادها', null, 'قراردادها'),
    ];
    show(archive);
    await screen.findByText('قراردادها');
    fireEvent.click(screen.getByRole('button', { name: 'افزودن پوشه بایگانی' }));
    const parent = /پوشه بالادست/;
    fireEvent.focus(input(parent));
    fireEvent.keyDown(input(parent), { key: 'ArrowDown' });
    expect(await screen.findAllByRole('option')).toHaveLength(4);
    const underGeneral = ['بایگانی عمومی', 'بایگانی عمومی / ۱۴۰۴', 'بایگانی عمومی / ۱۴۰۵'];
    await expectOffered(parent, 'عمومي', underGeneral);
    await expectOffered(parent, 'عمومی', underGeneral);
    for (const year of ['1404', '١٤٠٤', '۱۴۰۴']) await expectOffered(parent, year, ['بایگانی عمومی / ۱۴۰۴']);
    await expectOffered(parent, 'xyz', []);
    await expectOffered(parent, 'قرارداد', ['قراردادها']);
    fireEvent.click(screen.getByRole('option', { name: 'قراردادها' }));
    fireEvent.change(input(/عنوان پوشه/), { target: { value: 'سال ۱۴۰۶' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({ ArchiveTitle: 'سال ۱۴۰۶', ParentFk: 8 });
  });

  it('finds a role name typed with Arabic letters or Latin digits', async () => {
    api.tables.gizmo = [];
    show(gizmo);
    await screen.findByText('مجموع: ۰');
    fireEvent.click(screen.getByRole('button', { name: 'افزودن ابزارک' }));
    const roles = /نقش‌ها/;
    // The names come from their own call: all of them, once loaded.
    fireEvent.focus(input(roles));
    fireEvent.keyDown(input(roles), { key: 'ArrowDown' });
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    await expectOffered(roles, 'كاركنان', ['کارکنان']);
    await expectOffered(roles, 'مديران', ['مدیران سامانه']);
    await expectOffered(roles, '1404', ['بایگانی ۱۴۰۴']);
    await expectOffered(roles, 'zz', []);
    await expectOffered(roles, 'كار', ['کارکنان']);
    fireEvent.click(screen.getByRole('option', { name: 'کارکنان' }));
    fireEvent.change(input(/^عنوان/), { target: { value: 'الف' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({ Roles: ['کارکنان'] });
  });
});

describe('whole numbers', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('parses whole numbers in any digits and grouping, and keeps anything else as typed', () => {
    expect(parseWhole('۱۲٬۳۴۵')).toBe(12345);
    expect(parseWhole('12,345')).toBe(12345);
    expect(parseWhole('١٢٣')).toBe(123);
    expect(parseWhole('-۵')).toBe(-5);
    expect(parseWhole('+7')).toBe(7);
    expect(parseWhole(' ۴۲ ')).toBe(42);
    expect(parseWhole('')).toBeNull();
    expect(parseWhole('  ')).toBeNull();
    for (const typed of ['۱٫۵', '1.5', '۱۲abc', '-', '1e5', '0x10', '۱ ۲'])
      expect(parseWhole(typed), typed).toBe(typed);
    // Past 2^53 a number is no longer exact: kept as its digits, for the validator.
    expect(parseWhole('1234567890123456789012345')).toBe('1234567890123456789012345');
    expect(parseWhole('۹٬۰۰۷٬۱۹۹٬۲۵۴٬۷۴۰٬۹۹۳')).toBe('9007199254740993');
  });

  it('keeps what is not a whole number and refuses it by name; sends a whole number', async () => {
    api.tables.gizmo = [];
    show(gizmo);
    await screen.findByText('مجموع: ۰');
    fireEvent.click(screen.getByRole('button', { name: 'افزودن ابزارک' }));
    fireEvent.change(input(/^عنوان/), { target: { value: 'الف' } });
    const batch = input(/شماره سری/);
    const price = input(/^بها/);
    // Numbers read left to right («-۵», not «۵-»), aligned as the other inputs.
    for (const field of [batch, price]) {
      expect(field.getAttribute('dir')).toBe('ltr');
      expect(field.style.textAlign).toBe('right');
    }
    const typed: Array<[string, string]> = [
      ['۱٫۵', '۱٫۵'],
      ['1.5', '۱.۵'],
      ['-۵', '-۵'],
      ['۱۲abc', '۱۲abc'],
      ['١٢٣', '۱۲۳'],
      ['۱۲٬۳۴۵', '۱۲۳۴۵'],
      ['1234567890123456789012345', '۱۲۳۴۵۶۷۸۹۰۱۲۳۴۵۶۷۸۹۰۱۲۳۴۵'],
    ];
    for (const [text, shown] of typed) {
      fireEvent.change(batch, { target: { value: text } });
      expect(batch.value, text).toBe(shown);
    }
    fireEvent.change(batch, { target: { value: '۱٫۵' } });
    fireEvent.change(price, { target: { value: '-۵' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));
    expect(await within(dialog()).findByText('شماره سری معتبر نیست')).toBeTruthy();
    expect(within(dialog()).getByText('بها کمتر از حد مجاز است')).toBeTruthy();
    fireEvent.change(batch, { target: { value: '۱۲abc' } });
    expect(await within(dialog()).findByText('شماره سری معتبر نیست')).toBeTruthy();
    fireEvent.change(batch, { target: { value: '99999999999' } });
    expect(await within(dialog()).findByText('شماره سری بیش از حد بزرگ است')).toBeTruthy();
    fireEvent.change(price, { target: { value: '1234567890123456789012345' } });
    expect(price.value).toBe('۱٬۲۳۴٬۵۶۷٬۸۹۰٬۱۲۳٬۴۵۶٬۷۸۹٬۰۱۲٬۳۴۵');
    expect(await within(dialog()).findByText('بها بیش از حد بزرگ است')).toBeTruthy();
    expect(writes()).toHaveLength(0);

    fireEvent.change(batch, { target: { value: '-۵' } }); // a number may be negative
    fireEvent.change(price, { target: { value: '۱۲٬۳۴۵' } });
    await waitFor(() => expect(within(dialog()).queryByText(/بها .*است/)).toBeNull());
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({ Title: 'الف', Batch: -5, Price: 12345 });
  });
});

describe('digits and the caret', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('writes digits fields left to right under a right-to-left label', async () => {
    api.tables.gizmo = [];
    show(gizmo);
    await screen.findByText('مجموع: ۰');
    fireEvent.click(screen.getByRole('button', { name: 'افزودن ابزارک' }));
    for (const label of [/تلفن همراه/, /کد پستی/]) {
      const field = input(label);
      expect(field.getAttribute('dir')).toBe('ltr');
      expect(field.style.textAlign).toBe('right');
      const { labels } = field;
      expect(labels?.[0]?.closest('[dir="ltr"]')).toBeNull();
    }
    // Other inputs keep the page's direction.
    expect(input(/^عنوان/).getAttribute('dir')).toBeNull();
    fireEvent.change(input(/تلفن همراه/), { target: { value: '۰۹۱۲ ۳۴۵ ۶۷۸۹' } });
    expect(input(/تلفن همراه/).value).toBe('۰۹۱۲ ۳۴۵ ۶۷۸۹');
  });

  it('keeps the caret where a Latin digit was typed, in a digits field and a number', async () => {
    api.tables.gizmo = [];
    show(gizmo);
    await screen.findByText('مجموع: ۰');
    fireEvent.click(screen.getByRole('button', { name: 'افزودن ابزارک' }));

    const mobile = input(/تلفن همراه/);
    fireEvent.change(mobile, { target: { value: '۰۹۱۲۳۴۵۶۷۸۹' } });
    typeAt(mobile, '5', 4);
    expect(mobile.value).toBe('۰۹۱۲۵۳۴۵۶۷۸۹');
    await waitFor(() => expect([mobile.selectionStart, mobile.selectionEnd]).toEqual([5, 5]));

    const batch = input(/شماره سری/);
    fireEvent.change(batch, { target: { value: '۱۲۳۴' } });
    typeAt(batch, '9', 2);
    expect(batch.value).toBe('۱۲۹۳۴');
    await waitFor(() => expect(batch.selectionStart).toBe(3));

    // An amount regroups: the caret stays after the same digits.
    const price = input(/^بها/);
    fireEvent.change(price, { target: { value: '۱۲۳۴۵۶' } });
    expect(price.value).toBe('۱۲۳٬۴۵۶');
    typeAt(price, '7', 1);
    expect(price.value).toBe('۱٬۷۲۳٬۴۵۶');
    await waitFor(() => expect(price.selectionStart).toBe(3));
    typeAt(price, '0', 7); // after «۱٬۷۲۳٬۴»: the caret stays after the «۰»
    expect(price.value).toBe('۱۷٬۲۳۴٬۰۵۶');
    await waitFor(() => expect(price.selectionStart).toBe(8));
    // Text kept as typed keeps its caret too.
    fireEvent.change(batch, { target: { value: '۱٫۵' } });
    typeAt(batch, '2', 1);
    expect(batch.value).toBe('۱۲٫۵');
    await waitFor(() => expect(batch.selectionStart).toBe(2));
  });
});
