// @vitest-environment jsdom
// The generic master-data screen (src/resources) against a mocked contract: the bank list
// (row numbers, total, pager, search back to page 1), the add / edit dialog (PascalCase
// payload, client checks, the server's refusal in red), delete with its confirmation, a
// reference select loading everything, a tree's parent select by full path, no write
// actions without the permission.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setSession } from '../../src/api/session';
import { ResourcePage } from '../../src/resources';
import { bank, bankAccount } from '../../src/schemas/banks';
import { customer } from '../../src/schemas/customers';
import { orgUnit } from '../../src/schemas/organisation';
import type { Resource } from '../../src/schemas';
import {
  CLIENT_TEST_TIMEOUT_MS,
  installMatchMedia,
  renderInAdmin,
  settleDebouncedInputs,
} from './client-render';
import { fakeMasterData, signIn } from './client-resource-fixtures';

const { api, handler } = fakeMasterData();
const server = setupServer(handler);

const banks = (n: number) => Array.from({ length: n }, (_, i) => ({ bankId: n - i, title: `بانک ${n - i}` }));

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  api.reset();
  api.tables.bank = banks(25);
  signIn(['Banks', 'BankAccounts', 'OrganizationalUnit']);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(async () => {
  await settleDebouncedInputs();
  server.close();
  setSession(null);
});

const show = (resource: Resource) =>
  renderInAdmin(<ResourcePage resource={resource} />, { path: resource.route });
const { lists, lookups, writes } = api;
const lastList = (entity: string) => lists(entity).at(-1)!.query;
const dialog = () => screen.getByRole('dialog');

describe('resource list', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('shows the rows with their row numbers, the total and the pager', async () => {
    show(bank);
    expect(await screen.findByText('بانک 25')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'بانک‌ها' })).toBeTruthy();
    // A status: a new total is read out.
    expect(screen.getByText('مجموع: ۲۵').getAttribute('role')).toBe('status');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(within(rows[0]).getByText('۱')).toBeTruthy();
    expect(within(rows[9]).getByText('۱۰')).toBeTruthy();
    expect(lastList('bank').get('Page')).toBe('1');
    expect(lastList('bank').get('Count')).toBe('10');

    fireEvent.click(screen.getByRole('button', { name: 'برو به صفحه ۲' }));
    expect(await screen.findByText('بانک 15')).toBeTruthy();
    const second = screen.getAllByRole('row').slice(1);
    expect(within(second[0]).getByText('۱۱')).toBeTruthy();
  });

  it('hides the pager when everything fits on one page', async () => {
    api.tables.bank = banks(3);
    show(bank);
    expect(await screen.findByText('مجموع: ۳')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('searches from page 1 with the typed phrase', async () => {
    show(bank);
    await screen.findByText('بانک 25');
    fireEvent.click(screen.getByRole('button', { name: 'برو به صفحه ۳' }));
    await screen.findByText('بانک 5');
    fireEvent.change(screen.getByPlaceholderText('جستجو'), { target: { value: 'بانک 1' } });
    await waitFor(() => expect(lastList('bank').get('Phrase')).toBe('بانک 1'));
    expect(lastList('bank').get('Page')).toBe('1');
    expect(await screen.findByText('مجموع: ۱۱')).toBeTruthy();
  });

  it('empties the list when the load fails, saying why in the server’s words', async () => {
    server.use(
      http.get('*/api/bank/list/', () =>
        HttpResponse.json({ status: 0, message: 'عبارت جستجو کوتاه است؛ دست‌کم سه حرف بنویسید' }),
      ),
    );
    show(bank);
    expect(await screen.findByText('عبارت جستجو کوتاه است؛ دست‌کم سه حرف بنویسید')).toBeTruthy();
    expect(screen.getByText('مجموع: ۰')).toBeTruthy();
  });

  it('says «موردی یافت نشد» when nothing matches', async () => {
    server.use(
      http.get('*/api/bank/list/', () => HttpResponse.json({ status: 1, records: [], record_count: 0 })),
    );
    show(bank);
    expect(await screen.findByText('موردی یافت نشد')).toBeTruthy();
    expect(screen.getByText('مجموع: ۰')).toBeTruthy();
  });

  it('offers no add, edit or delete without the permission', async () => {
    signIn([]);
    show(bank);
    await screen.findByText('بانک 25');
    expect(screen.queryByRole('button', { name: 'افزودن بانک' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'حذف بانک 25' })).toBeNull();
  });

  it('offers each action by its own permission when the resource names one per action', async () => {
    signIn(['Banks']);
    show({
      ...bank,
      permissions: { delete: 'Person' },
      permissionFor: (action) => (action === 'delete' ? 'Person' : 'Banks'),
    });
    await screen.findByText('بانک 25');
    expect(screen.getByRole('button', { name: 'افزودن بانک' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ویرایش بانک 25' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'حذف بانک 25' })).toBeNull();
  });
});

describe('add, edit and delete', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('adds a bank: POST bank/create/ with Title, green notice, dialog closed, page 1 reloaded', async () => {
    show(bank);
    await screen.findByText('بانک 25');
    fireEvent.click(screen.getByRole('button', { name: 'افزودن بانک' }));
    expect(within(dialog()).getByText('افزودن بانک')).toBeTruthy();
    const before = lists('bank').length;
    fireEvent.change(within(dialog()).getByLabelText(/نام بانک/), { target: { value: 'بانک ملت' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));

    await waitFor(() => expect(writes('create')).toHaveLength(1));
    expect(writes('create')[0]).toMatchObject({
      method: 'POST',
      entity: 'bank',
      body: { Title: 'بانک ملت' },
    });
    expect(await screen.findByText('درخواست با موفقیت انجام شد')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(lists('bank').length).toBeGreaterThan(before));
    expect(lastList('bank').get('Page')).toBe('1');
  });

  it('checks the form before sending: «نام بانک الزامی است»', async () => {
    show(bank);
    await screen.findByText('بانک 25');
    fireEvent.click(screen.getByRole('button', { name: 'افزودن بانک' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));
    expect(await within(dialog()).findByText('نام بانک الزامی است')).toBeTruthy();
    expect(writes('create')).toHaveLength(0);
  });

  it('shows the server refusal in red and keeps the dialog open', async () => {
    api.writeAnswer = { status: 0, message: 'نام بانک تکراری است' };
    show(bank);
    await screen.findByText('بانک 25');
    fireEvent.click(screen.getByRole('button', { name: 'افزودن بانک' }));
    fireEvent.change(within(dialog()).getByLabelText(/نام بانک/), { target: { value: 'بانک 3' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));

    const message = await screen.findByText('نام بانک تکراری است');
    expect(message.closest('.RaNotification-error')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((within(dialog()).getByLabelText(/نام بانک/) as HTMLInputElement).value).toBe('بانک 3');
  });

  it('edits a bank: PUT bank/update/ with Id and the fields', async () => {
    show(bank);
    await screen.findByText('بانک 25');
    fireEvent.click(screen.getByRole('button', { name: 'ویرایش بانک 24' }));
    const input = (await within(dialog()).findByDisplayValue('بانک 24')) as HTMLInputElement;
    expect(within(dialog()).getByText('ویرایش بانک')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'بانک تجارت' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(writes('update')).toHaveLength(1));
    expect(writes('update')[0]).toMatchObject({ method: 'PUT', body: { Id: 24, Title: 'بانک تجارت' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes after «آیا اطمینان دارید ؟» with DELETE bank/delete/ and Id', async () => {
    show(bank);
    await screen.findByText('بانک 25');
    fireEvent.click(screen.getByRole('button', { name: 'حذف بانک 23' }));
    expect(await screen.findByText('آیا اطمینان دارید ؟')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'لغو' }));
    await waitFor(() => expect(screen.queryByText('آیا اطمینان دارید ؟')).toBeNull());
    expect(writes('delete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'حذف بانک 23' }));
    fireEvent.click(await screen.findByRole('button', { name: 'بله' }));
    await waitFor(() => expect(writes('delete')).toHaveLength(1));
    expect(writes('delete')[0]).toMatchObject({ method: 'DELETE', entity: 'bank', body: { Id: 23 } });
    expect(await screen.findByText('درخواست با موفقیت انجام شد')).toBeTruthy();
  });

  it('shows why a delete was refused, in red', async () => {
    api.writeAnswer = { status: 0, message: 'این بانک در حساب‌های بانکی استفاده شده است' };
    show(bank);
    await screen.findByText('بانک 25');
    fireEvent.click(screen.getByRole('button', { name: 'حذف بانک 25' }));
    fireEvent.click(await screen.findByRole('button', { name: 'بله' }));
    const message = await screen.findByText('این بانک در حساب‌های بانکی استفاده شده است');
    expect(message.closest('.RaNotification-error')).toBeTruthy();
  });
});

describe('references and trees', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('offers the bank account’s banks through bank/lookup/, asking again with what is typed', async () => {
    api.tables.bankaccount = [{ bankAccountId: 1, bankFk: 2, bankFkTitle: 'بانک 2', number: '1234' }];
    api.tables.bank = [...banks(3), { bankId: 4, title: 'صادرات' }];
    show(bankAccount);
    expect(await screen.findByText('بانک 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'افزودن حساب بانکی' }));
    await waitFor(() => expect(lookups('bank').length).toBeGreaterThan(0));
    const input = within(dialog()).getByLabelText(/بانک/, { selector: 'input' });
    fireEvent.mouseDown(input);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['بانک 3', 'بانک 2', 'بانک 1', 'صادرات']);

    fireEvent.change(input, { target: { value: 'صاد' } });
    await waitFor(() => expect(lookups('bank').at(-1)!.query.get('Phrase')).toBe('صاد'));
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['صادرات']));
    fireEvent.click(screen.getByRole('option', { name: 'صادرات' }));
    fireEvent.change(within(dialog()).getByLabelText(/شماره حساب/), { target: { value: '5555' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(writes('create')).toHaveLength(1));
    expect(writes('create')[0].body).toMatchObject({ BankFk: 4, Number: '5555' });
    // The picker never asks for the banks' list, which needs the permission «بانک‌ها».
    expect(lists('bank')).toHaveLength(0);
  });

  it('says why a picker offers nothing when the server refuses the typed phrase', async () => {
    api.tables.bankaccount = [];
    api.tables.bank = banks(3);
    const refusal = 'عبارت جستجو کوتاه است؛ دست‌کم سه حرف بنویسید';
    server.use(
      http.get('*/api/bank/lookup/', ({ request }) =>
        new URL(request.url).searchParams.get('Phrase')
          ? HttpResponse.json({ status: 0, message: refusal })
          : HttpResponse.json({ status: 1, records: [{ id: 1, title: 'بانک 1' }], totalCount: 1 }),
      ),
    );
    show(bankAccount);
    fireEvent.click(await screen.findByRole('button', { name: 'افزودن حساب بانکی' }));
    const input = within(dialog()).getByLabelText(/بانک/, { selector: 'input' });
    fireEvent.mouseDown(input);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['بانک 1']);
    fireEvent.change(input, { target: { value: 'ژژ' } });
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('names the groups of every customer on the page with one customergroup/lookup/ by Ids', async () => {
    signIn(['Customers']);
    api.tables.customergroup = [
      { customerGroupId: 1, customerGroupTitle: 'دولتی' },
      { customerGroupId: 2, customerGroupTitle: 'خصوصی' },
      { customerGroupId: 3, customerGroupTitle: 'همکاران' },
    ];
    api.tables.customer = [
      { customerId: 1, name: 'شهرداری', code: '1', customerGroups: [1] },
      { customerId: 2, name: 'فولاد', code: '2', customerGroups: [2, 1] },
    ];
    show(customer);
    expect(await screen.findByText('فولاد')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('دولتی')).toHaveLength(2));
    expect(screen.getByText('خصوصی')).toBeTruthy();
    expect(lookups('customergroup')).toHaveLength(1);
    expect(lookups('customergroup')[0].query.get('Ids')?.split(',').sort()).toEqual(['1', '2']);
    expect(lists('customergroup')).toHaveLength(0);
  });

  it('offers tree parents by full path, never the node itself or what is below it', async () => {
    const unit = (id: number, title: string, parent: number | null, fullName: string) => ({
      orgUnitId: id,
      orgUnitTitle: title,
      parentOrgUnitFk: parent,
      parentOrgUnitFkTitle: parent ? fullName.split(' / ').slice(0, -1).join(' / ') : null,
      isActive: id !== 1,
      fullName,
    });
    api.tables.orgunit = [
      unit(4, 'پشتیبانی', 1, 'مدیریت / پشتیبانی'),
      unit(3, 'حسابداری', 2, 'مدیریت / مالی / حسابداری'),
      unit(2, 'مالی', 1, 'مدیریت / مالی'),
      unit(1, 'مدیریت', null, 'مدیریت'),
    ];
    show(orgUnit);
    // The title column shows the path; the parent column the parent's path.
    expect(await screen.findByText('مدیریت / مالی / حسابداری')).toBeTruthy();
    expect(screen.getAllByLabelText('بله')).toHaveLength(3);
    expect(screen.getAllByLabelText('خیر')).toHaveLength(1);

    const openParents = async () => {
      const input = within(dialog()).getByLabelText(/واحد بالادست/, { selector: 'input' });
      fireEvent.focus(input);
      fireEvent.keyDown(input, { key: 'ArrowDown' });
      return (await screen.findAllByRole('option')).map((o) => o.textContent);
    };
    fireEvent.click(screen.getByRole('button', { name: 'افزودن واحد سازمانی' }));
    expect(await openParents()).toEqual([
      'مدیریت / پشتیبانی',
      'مدیریت / مالی / حسابداری',
      'مدیریت / مالی',
      'مدیریت',
    ]);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'لغو' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'ویرایش مدیریت / مالی' }));
    await within(dialog()).findByDisplayValue('مالی');
    await waitFor(() => expect(within(dialog()).getByDisplayValue('مدیریت')).toBeTruthy());
    // Not itself, not its child; its current parent is the selected value.
    expect(await openParents()).toEqual(['مدیریت / پشتیبانی']);
  });

  it('defaults a new unit to active (the schema’s default)', async () => {
    api.tables.orgunit = [];
    show(orgUnit);
    await screen.findByText('مجموع: ۰');
    fireEvent.click(screen.getByRole('button', { name: 'افزودن واحد سازمانی' }));
    expect((within(dialog()).getByRole('switch', { name: 'فعال' }) as HTMLInputElement).checked).toBe(true);
  });
});
