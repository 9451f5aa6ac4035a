// @vitest-environment jsdom
// The generic screen over field kinds other than text: the request body built from a
// resource (PascalCase, empties as null, write-only and read-only-on-edit fields, files as
// multipart), table cells (money, Jalali dates, enums, tags, booleans), the money input,
// and the person form (20 a page, role names from their own call, password rules).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setSession } from '../../src/api/session';
import { toListQuery, toWriteRequest } from '../../src/dataProvider/resourceCodec';
import { ResourcePage } from '../../src/resources';
import { defineResource, f } from '../../src/schemas';
import { person } from '../../src/schemas/people';
import {
  CLIENT_TEST_TIMEOUT_MS,
  installMatchMedia,
  renderInAdmin,
  settleDebouncedInputs,
} from './client-render';
import { fakeMasterData, signIn } from './client-resource-fixtures';

// Not registered in RESOURCES: only the screen sees it (the dataProvider's generic path).
const gadget = defineResource({
  name: 'gadget',
  route: '/gadgets',
  title: 'ابزارها',
  singular: 'ابزار',
  table: 'gadgets',
  idField: 'gadgetId',
  permission: 'Banks',
  fields: {
    title: f.text('عنوان', { required: true, list: true }),
    price: f.money('بها', { list: true }),
    batch: f.number('شماره سری', { default: 1 }),
    startDate: f.date('تاریخ شروع', { list: true }),
    kind: f.enumOf(
      'نوع',
      [
        { id: 1, value: 'ساده' },
        { id: 2, value: 'ویژه' },
      ],
      { list: true },
    ),
    labels: f.tags('برچسب‌ها', { list: true }),
    active: f.boolean('فعال', { list: true, default: true }),
    secret: f.password('رمز', { requiredOnCreate: true }),
    code: f.text('کد', { readOnlyOnEdit: true }),
    serial: f.number('سریال', { readOnly: true, list: true }),
    attachment: f.file('پیوست'),
  },
});

const { api, handler } = fakeMasterData();
const roleNames = ['مدیران', 'کارکنان'].map((name) => ({ id: name, value: name }));
const server = setupServer(
  http.get('*/api/person/allrolenames/', () => HttpResponse.json({ status: 1, records: roleNames })),
  handler,
);
/** create / update / delete calls. */
const writes = () => api.calls.filter((c) => c.method !== 'GET');

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  api.reset();
  signIn(['Banks', 'Person']);
});
afterEach(() => cleanup());
afterAll(async () => {
  await settleDebouncedInputs();
  server.close();
  setSession(null);
});

const dialog = () => screen.getByRole('dialog');

describe('request bodies', () => {
  it('sends every field by its PascalCase name, empties as null, never a read-only one', () => {
    const data = {
      serial: 5,
      title: 'الف',
      price: 2500,
      batch: 7,
      startDate: null,
      kind: '',
      labels: ['x'],
      active: false,
      secret: '',
      code: 'c1',
    };
    expect(toWriteRequest(gadget, data, 'create')).toEqual({
      multipart: false,
      body: {
        Title: 'الف',
        Price: 2500,
        Batch: 7,
        StartDate: null,
        Kind: null,
        Labels: ['x'],
        Active: false,
        Code: 'c1',
      },
    });
  });

  it('leaves out read-only-on-edit fields on update and sends a new password', () => {
    const { body } = toWriteRequest(gadget, { title: 'ب', code: 'c2', secret: 'new-secret' }, 'update');
    expect(body).not.toHaveProperty('Code');
    expect(body).toMatchObject({ Title: 'ب', Secret: 'new-secret' });
  });

  it('sends on update only what changed from the record the form opened on; an emptied field with a default goes back to it', () => {
    const previous = { title: 'الف', price: 2500, batch: 5, labels: ['x'], active: true };
    const { body } = toWriteRequest(
      gadget,
      { ...previous, batch: '', labels: ['x', 'y'] },
      'update',
      previous,
    );
    expect(body).toEqual({ Batch: 1, Labels: ['x', 'y'] });
  });

  it('goes multipart when a file field holds a new file', () => {
    const file = new File(['x'], 'a.docx');
    const request = toWriteRequest(
      gadget,
      { title: 'ج', attachment: { rawFile: file, src: 'blob:', title: 'a.docx' } },
      'create',
    );
    expect(request.multipart).toBe(true);
    expect(request.body.Attachment).toBe(file);
    // A form post cannot carry null: an emptied field goes as '' (left out, it would be kept).
    expect(request.body.StartDate).toBe('');
    expect(
      toWriteRequest(gadget, { title: 'ج', attachment: { src: '/old.docx' } }, 'update').body,
    ).not.toHaveProperty('Attachment');
  });

  it('lists with Page, Count, Phrase and filters; Count -1 is always page 1', () => {
    expect(toListQuery(3, 20, { q: 'بانک', parentId: 4, empty: '' })).toEqual({
      Page: 3,
      Count: 20,
      Phrase: 'بانک',
      parentId: 4,
    });
    expect(toListQuery(3, -1)).toEqual({ Page: 1, Count: -1, Phrase: '' });
  });
});

describe('cells and inputs by kind', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('shows money, Jalali dates, enums, tags and booleans; types money grouped and sends an integer', async () => {
    api.tables.gadget = [
      {
        gadgetId: 1,
        title: 'ابزار',
        price: 1250000,
        startDate: '2024-03-20',
        kind: 2,
        labels: ['سبز', 'آبی'],
        active: false,
        serial: 12,
      },
    ];
    renderInAdmin(<ResourcePage resource={gadget} />, { path: '/gadgets' });
    expect(await screen.findByText('۱٬۲۵۰٬۰۰۰')).toBeTruthy();
    expect(screen.getByText('۱۴۰۳/۰۱/۰۱')).toBeTruthy();
    expect(screen.getByText('ویژه')).toBeTruthy();
    expect(screen.getByText('سبز')).toBeTruthy();
    expect(screen.getByText('آبی')).toBeTruthy();
    expect(screen.getByLabelText('خیر')).toBeTruthy();
    expect(screen.getByText('۱۲')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'افزودن ابزار' }));
    expect(within(dialog()).queryByLabelText('سریال')).toBeNull(); // read-only: not on Add
    const price = within(dialog()).getByLabelText('بها') as HTMLInputElement;
    fireEvent.change(price, { target: { value: '۲۵۰۰۰' } });
    expect(price.value).toBe('۲۵٬۰۰۰');
    fireEvent.change(price, { target: { value: '۲۵٬۰۰۰7' } });
    expect(price.value).toBe('۲۵۰٬۰۰۷');
    // A number typed on a Persian keyboard is kept (a number input dropped ۰–۹), ungrouped.
    const batch = within(dialog()).getByLabelText('شماره سری') as HTMLInputElement;
    fireEvent.change(batch, { target: { value: '۱۰۰۱' } });
    expect(batch.value).toBe('۱۰۰۱');
    expect((within(dialog()).getByRole('switch', { name: 'فعال' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog()).getByLabelText(/عنوان/), { target: { value: 'ابزار نو' } });
    fireEvent.change(within(dialog()).getByLabelText(/رمز/, { selector: 'input' }), {
      target: { value: 'secret-1' },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({ Title: 'ابزار نو', Price: 250007, Batch: 1001, Active: true });
  });

  it('shows read-only fields disabled on edit and never sends them', async () => {
    api.tables.gadget = [{ gadgetId: 1, title: 'ابزار', active: true, serial: 12, code: 'k1' }];
    renderInAdmin(<ResourcePage resource={gadget} />, { path: '/gadgets' });
    fireEvent.click(await screen.findByRole('button', { name: 'ویرایش ابزار' }));
    const serial = (await within(dialog()).findByLabelText('سریال')) as HTMLInputElement;
    expect(serial.disabled).toBe(true);
    expect((within(dialog()).getByLabelText('کد') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({ Id: 1, Title: 'ابزار', Active: true });
    expect(Object.keys(writes()[0].body)).not.toContain('Serial');
    expect(Object.keys(writes()[0].body)).not.toContain('Code');
  });
});

describe('the person form', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  const people = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: n - i,
      firstName: `نام ${n - i}`,
      lastName: 'رضایی',
      mobile: `0912000${String(n - i).padStart(4, '0')}`,
      isActive: true,
      roleNames: ['کارکنان'],
      organPosts: [],
    }));

  it('shows 20 a page and asks for the password and roles on create', async () => {
    api.tables.person = people(25);
    renderInAdmin(<ResourcePage resource={person} />, { path: '/person' });
    expect(await screen.findByText('نام 25')).toBeTruthy();
    expect(screen.getAllByRole('row').slice(1)).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'برو به صفحه ۲' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'افزودن شخص' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));
    expect(await within(dialog()).findByText('رمز عبور الزامی است')).toBeTruthy();
    expect(within(dialog()).getByText('نقش‌ها الزامی است')).toBeTruthy();
    expect(within(dialog()).getByText('نام الزامی است')).toBeTruthy();
    expect(writes()).toHaveLength(0);

    const roles = within(dialog()).getByLabelText(/نقش‌ها/, { selector: 'input' });
    fireEvent.focus(roles);
    fireEvent.keyDown(roles, { key: 'ArrowDown' });
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['مدیران', 'کارکنان']);
  });

  it('opens the edit of a person just created with the password empty', async () => {
    api.tables.person = people(1);
    renderInAdmin(<ResourcePage resource={person} />, { path: '/person' });
    fireEvent.click(await screen.findByRole('button', { name: 'افزودن شخص' }));
    const field = (label: RegExp) => within(dialog()).getByLabelText(label, { selector: 'input' });
    fireEvent.change(field(/^نام\s*\*?$/), { target: { value: 'سارا' } });
    fireEvent.change(field(/^نام خانوادگی/), { target: { value: 'نوری' } });
    fireEvent.change(field(/^تلفن همراه/), { target: { value: '09351234567' } });
    fireEvent.change(field(/^رمز عبور/), { target: { value: 'sara-pass-1' } });
    const roles = field(/نقش‌ها/);
    fireEvent.focus(roles);
    fireEvent.keyDown(roles, { key: 'ArrowDown' });
    fireEvent.click((await screen.findAllByRole('option'))[0]);
    // The server stores her as id 99 (the fake's answer) and lists her without a password.
    api.tables.person = [
      {
        id: 99,
        firstName: 'سارا',
        lastName: 'نوری',
        mobile: '09351234567',
        isActive: true,
        roleNames: ['مدیران'],
      },
      ...people(1),
    ];
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({ PassWord: 'sara-pass-1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(await screen.findByRole('button', { name: 'ویرایش سارا نوری' }));
    await within(dialog()).findByDisplayValue('۰۹۳۵۱۲۳۴۵۶۷');
    expect((field(/^رمز عبور/) as HTMLInputElement).value).toBe('');
    expect((field(/^رمز عبور/) as HTMLInputElement).type).toBe('password');
  });

  it('keeps the mobile fixed on edit and the password optional', async () => {
    api.tables.person = people(2);
    renderInAdmin(<ResourcePage resource={person} />, { path: '/person' });
    fireEvent.click(await screen.findByRole('button', { name: 'ویرایش نام 2 رضایی' }));
    const mobile = (await within(dialog()).findByDisplayValue('۰۹۱۲۰۰۰۰۰۰۲')) as HTMLInputElement;
    expect(mobile.disabled).toBe(true);
    expect(within(dialog()).getByText('برای تغییر ندادن خالی بگذارید؛ دست‌کم ۶ نویسه')).toBeTruthy();
    fireEvent.change(within(dialog()).getByDisplayValue('نام 2'), { target: { value: 'نام دوم' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({ Id: 2, FirstName: 'نام دوم' });
    expect(writes()[0].body).not.toHaveProperty('Mobile');
    expect(writes()[0].body).not.toHaveProperty('PassWord');
    // Only what was changed goes: the roles, the last name stay as another admin may have
    // saved them meanwhile.
    expect(writes()[0].body).not.toHaveProperty('RoleNames');
    expect(writes()[0].body).not.toHaveProperty('LastName');
  });
});
