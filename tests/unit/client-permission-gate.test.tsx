// @vitest-environment jsdom
// A screen typed by hand without its permission: the Persian refusal page, never the screen.
// The route table says what each screen needs, in step with the server's side menu and the
// master-data resources (the three must agree, or the menu would offer a refused screen).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { setSession } from '../../src/api/session';
import { PermissionGate } from '../../src/layout';
import { ROUTES, routeByName } from '../../src/routes';
import { RESOURCES } from '../../src/schemas';
import { NO_PERMISSION_MESSAGE } from '../../src/shared/permissions';
import { MENU, type MenuEntry } from '../../server/menu/menu-tree';
import { NO_PERMISSION } from '../../server/http/api-route';
import { CLIENT_TEST_TIMEOUT_MS, installMatchMedia, renderInAdmin, signIn } from './client-render';

beforeAll(installMatchMedia);
afterEach(cleanup);
afterAll(() => setSession(null));

const personRoute = routeByName('Person')!;
const showPersonRoute = () =>
  renderInAdmin(
    <PermissionGate permission={personRoute.permission} title={personRoute.title}>
      <p>فهرست اشخاص</p>
    </PermissionGate>,
    { path: '/person' },
  );

describe('a route the user may not open', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('shows «شما به این بخش دسترسی ندارید» instead of the screen', async () => {
    signIn(['Messages', 'Links']);
    showPersonRoute();
    expect(await screen.findByRole('heading', { name: 'شما به این بخش دسترسی ندارید' })).toBeTruthy();
    expect(screen.getByText(/«اشخاص»/)).toBeTruthy();
    expect(screen.queryByText('فهرست اشخاص')).toBeNull();
  });

  it('shows the screen to a user who holds the permission', async () => {
    signIn(['Person']);
    showPersonRoute();
    expect(await screen.findByText('فهرست اشخاص')).toBeTruthy();
    expect(screen.queryByText(NO_PERMISSION_MESSAGE)).toBeNull();
  });

  it('opens the letter screen to a reader of all letters, as the server answers them', async () => {
    const letter = routeByName('Letter')!;
    const show = () =>
      renderInAdmin(
        <PermissionGate permission={letter.permission} title={letter.title}>
          <p>نامه باز شد</p>
        </PermissionGate>,
        { path: '/letter/false/AllMessage/4/9' },
      );
    signIn(['AllMessages']);
    show();
    expect(await screen.findByText('نامه باز شد')).toBeTruthy();
    cleanup();
    signIn(['CreateExportMessage']);
    show();
    expect(await screen.findByRole('heading', { name: NO_PERMISSION_MESSAGE })).toBeTruthy();
  });

  it('says what the server says when it refuses a call', () => {
    expect(NO_PERMISSION).toBe(NO_PERMISSION_MESSAGE);
    expect(NO_PERMISSION_MESSAGE).toBe('شما به این بخش دسترسی ندارید');
  });
});

describe('what each route needs', () => {
  const pages = (entries: MenuEntry[]): MenuEntry[] =>
    entries.flatMap((entry) => (entry.children ? pages(entry.children) : [entry]));

  it('is what the side menu asks of its entry', () => {
    for (const entry of pages(MENU)) {
      expect({ route: entry.type, permission: routeByName(entry.type)?.permission }).toEqual({
        route: entry.type,
        permission: entry.permission,
      });
    }
  });

  it('is what the master-data resource at that address needs', () => {
    for (const resource of RESOURCES) {
      const route = ROUTES.find((r) => r.path.toLowerCase() === resource.route.toLowerCase());
      expect({ resource: resource.name, permission: route?.permission }).toEqual({
        resource: resource.name,
        permission: resource.permission,
      });
    }
  });
});
