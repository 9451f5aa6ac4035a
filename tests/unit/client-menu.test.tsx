// @vitest-environment jsdom
// The side menu draws exactly what GET menu/list/ sends, three levels deep, plus Home.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { getSession, setSession } from '../../src/api/session';
import { SideMenu } from '../../src/layout/menu/SideMenu';
import { MenuItemsProvider } from '../../src/layout/menu/MenuItemsProvider';
import { folderTitle, type MenuRecord } from '../../src/layout/menu/menuTree';
import { CLIENT_TEST_TIMEOUT_MS, installMatchMedia, renderInAdmin, signIn } from './client-render';

const leaf = (id: number, title: string, type: string): MenuRecord => ({ id, title, type, children: [] });

const MENU: MenuRecord[] = [
  {
    id: 1,
    title: 'مکاتبات',
    type: 'Group',
    children: [
      leaf(2, 'کارتابل من', 'MyMessage'),
      {
        id: 3,
        title: 'نامه‌های ارسالی',
        type: 'Group',
        children: [leaf(4, 'داخلی', 'DomesticLetters'), leaf(5, 'وارده', 'IncomingLetters')],
      },
      { id: 6, title: 'بایگانی', type: 'Group', children: [leaf(12, 'قراردادهای ۱۴۰۳', 'ArchiveMessage')] },
    ],
  },
  leaf(7, 'پیوندها', 'Links'),
];

/** The permissions the server answers beside the menu (undefined: none, as before). */
let serverPermissions: string[] | undefined;

const server = setupServer(
  http.get('*/api/menu/list/', () =>
    HttpResponse.json({ status: 1, records: MENU, permissions: serverPermissions }),
  ),
);

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
  signIn();
});
afterEach(() => cleanup());
afterAll(() => {
  server.close();
  setSession(null);
});

const titlesOf = (items: MenuRecord[]): string[] =>
  items.flatMap((item) => [item.title, ...titlesOf(item.children ?? [])]);

describe('side menu', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('takes the permissions its answer carries as the session’s: a role changed since sign-in', async () => {
    signIn(['Messages']);
    serverPermissions = ['AllMessages', 'Messages'];
    renderInAdmin(<SideMenu />);
    await screen.findByText('مکاتبات');
    await waitFor(() => expect(getSession()?.user.permissions).toEqual(['AllMessages', 'Messages']));
    cleanup();
    // Back to the tab later: asked again, and a permission taken away is gone.
    serverPermissions = ['Links'];
    renderInAdmin(<SideMenu />);
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(getSession()?.user.permissions).toEqual(['Links']));
    serverPermissions = undefined;
    signIn();
  });

  it('follows the permissions with no menu drawn (a phone’s closed drawer): the shell loads it', async () => {
    signIn(['Messages']);
    serverPermissions = ['Messages', 'CreateImportMessage'];
    renderInAdmin(
      <MenuItemsProvider>
        <p>صفحه بدون منو</p>
      </MenuItemsProvider>,
    );
    await screen.findByText('صفحه بدون منو');
    await waitFor(() => expect(getSession()?.user.permissions).toEqual(['Messages', 'CreateImportMessage']));
    serverPermissions = undefined;
    signIn();
  });

  it('shows the user, a Home entry named after the tenant, and the first level', async () => {
    renderInAdmin(<SideMenu />);
    expect(screen.getByTestId('menu-user-name').textContent).toBe('مدیر سامانه');
    expect(screen.getByTestId('menu-username').textContent).toBe('۰۹۱۲۰۰۰۰۰۰۰');
    const home = await screen.findByRole('menuitem', { name: 'شرکت نمونه' });
    expect(home.getAttribute('href')).toBe('/');
    expect(screen.getByRole('menuitem', { name: 'پیوندها' }).getAttribute('href')).toBe('/links');
    // Groups start closed: their children are not drawn yet.
    expect(screen.queryByText('کارتابل من')).toBeNull();
  });

  it('opens groups to three levels and draws every entry the server sent, and nothing else', async () => {
    renderInAdmin(<SideMenu />);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'مکاتبات' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'نامه‌های ارسالی' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'بایگانی' }));

    const third = await screen.findByRole('menuitem', { name: 'داخلی' });
    expect(third.getAttribute('href')).toBe('/domesticletters');
    expect(screen.getByRole('menuitem', { name: 'وارده' }).getAttribute('href')).toBe('/incomingletters');
    // A folder entry opens its folder's letters: typeNumber is the entry's id.
    expect(screen.getByRole('menuitem', { name: 'قراردادهای ۱۴۰۳' }).getAttribute('href')).toBe(
      `/archivemessage/12?title=${encodeURIComponent('قراردادهای ۱۴۰۳')}`,
    );

    const nav = screen.getByRole('navigation', { name: 'منوی اصلی' });
    const drawn = within(nav)
      .getAllByRole('menuitem')
      .map((element) => element.textContent);
    expect(drawn).toEqual(['شرکت نمونه', ...titlesOf(MENU)].map((title) => expect.stringContaining(title)));
    expect(drawn).toHaveLength(titlesOf(MENU).length + 1);
  });

  it('starts with the groups leading to the current page open', async () => {
    renderInAdmin(<SideMenu />, { path: '/incomingletters' });
    const current = await screen.findByRole('menuitem', { name: 'وارده' });
    expect(current.className).toContain('RaMenuItemLink-active');
    // Said to a screen reader too, and of no other entry.
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(document.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
    expect(screen.getByRole('menuitem', { name: 'مکاتبات' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menuitem', { name: 'بایگانی' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('قراردادهای ۱۴۰۳')).toBeNull();
  });

  it('names a folder by its entry, wherever it is in the tree', () => {
    expect(folderTitle(MENU, 'ArchiveMessage', 12)).toBe('قراردادهای ۱۴۰۳');
    expect(folderTitle(MENU, 'FavoriteMessage', 12)).toBeUndefined();
    expect(folderTitle(MENU, 'ArchiveMessage', 999)).toBeUndefined();
  });

  it('marks the open folder as the current page, its «?title=» aside', async () => {
    renderInAdmin(<SideMenu />, {
      path: `/archivemessage/12?title=${encodeURIComponent('قراردادهای ۱۴۰۳')}`,
    });
    const current = await screen.findByRole('menuitem', { name: 'قراردادهای ۱۴۰۳' });
    expect(current.className).toContain('RaMenuItemLink-active');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.getAttribute('href')).toBe(
      `/archivemessage/12?title=${encodeURIComponent('قراردادهای ۱۴۰۳')}`,
    );
  });
});
