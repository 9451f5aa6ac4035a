// Shared setup for the client component tests (tests/unit/client-*.test.tsx): a browser-like
// window (matchMedia), react-admin's context with our providers, and msw for the API.
// msw is for these component tests only; API and end-to-end tests use the real server.
import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { AdminContext, memoryStore, Notification, TestMemoryRouter } from 'react-admin';
import type { Location } from 'react-router-dom';
import { authProvider } from '../../src/auth';
import { dataProvider } from '../../src/dataProvider';
import { i18nProvider } from '../../src/i18n';
import { buildTheme, DEFAULT_THEME_COLOR } from '../../src/theme';
import { setSession, type CurrentUser } from '../../src/api/session';

// A loaded machine (CI, parallel test files) can be slow to render react-admin's tree.
configure({ asyncUtilTimeout: 5000 });
export const CLIENT_TEST_TIMEOUT_MS = 20_000;

/**
 * Waits out react-admin's debounced input state (AutocompleteInput sets its filter 250 ms
 * after the last keystroke): call it in a file's afterAll, so that a pending update runs
 * while the test window still exists, not after the environment is torn down (an
 * uncaught "window is not defined" on a loaded machine).
 */
export const settleDebouncedInputs = () => new Promise((resolve) => setTimeout(resolve, 400));

/** A signed-in session: the demo administrator with the given permissions. */
export function signIn(permissions: string[] = [], user: Partial<CurrentUser> = {}) {
  setSession({
    token: 'test-token',
    user: {
      userId: 1,
      username: '09120000000',
      name: 'مدیر سامانه',
      fName: 'مدیر',
      lName: 'سامانه',
      mobile: '09120000000',
      pic: '',
      permissions,
      tenantFullName: 'شرکت نمونه',
      logo: '',
      ...user,
    },
  });
}

/** jsdom has no matchMedia; MUI's useMediaQuery needs it. A wide desktop screen. */
export function installMatchMedia(): void {
  window.matchMedia = (query: string) =>
    ({
      matches: /min-width/.test(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

interface RenderOptions {
  path?: string;
  onLocation?: (location: Location) => void;
}

/** Renders UI inside react-admin's providers (Persian, RTL theme) with the notice area. */
export function renderInAdmin(ui: ReactNode, { path = '/', onLocation }: RenderOptions = {}) {
  return render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={onLocation}>
      <AdminContext
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        theme={buildTheme(DEFAULT_THEME_COLOR)}
        store={memoryStore()}
      >
        {ui}
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}
