// @vitest-environment jsdom
// The sign-in page against a mocked API: tenant by host, captcha, refused and accepted sign-in.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { getSession, setSession } from '../../src/api/session';
import { LoginPage } from '../../src/custom/login';
import { CLIENT_TEST_TIMEOUT_MS, installMatchMedia, renderInAdmin } from './client-render';

const TENANT = 'شرکت نمونه پارس';
const WRONG_CAPTCHA = 'کد امنیتی اشتباه است';

let captchaCalls = 0;
let lastForm: FormData | null = null;
let authenticateAnswer: Record<string, unknown> = {};

const server = setupServer(
  http.get('*/api/login/get/', ({ request }) => {
    const host = new URL(request.url).searchParams.get('WebRootPath');
    return HttpResponse.json({ status: 1, record: { tenantFullName: host ? TENANT : '?', logo: '' } });
  }),
  http.get('*/api/login/getCaptcha', () => {
    captchaCalls += 1;
    return HttpResponse.json({
      captchaImgUrl: `data:image/svg+xml;base64,Q0FQVENIQS0${captchaCalls}`,
      captchaTextValue: '',
      captchaTokenValue: `token-${captchaCalls}`,
    });
  }),
  http.post('*/api/Authenticate/Authenticate', async ({ request }) => {
    lastForm = await request.formData();
    return HttpResponse.json(authenticateAnswer);
  }),
);

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  captchaCalls = 0;
  lastForm = null;
  setSession(null);
});
afterEach(() => cleanup());
afterAll(() => server.close());

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText(/^نام کاربری/), { target: { value: '09120000000' } });
  fireEvent.change(screen.getByLabelText(/^رمز عبور/), { target: { value: 'secret' } });
  fireEvent.change(screen.getByLabelText(/^کد امنیتی/), { target: { value: 'abcd' } });
  fireEvent.submit(screen.getByLabelText(/^کد امنیتی/).closest('form')!); // what Enter does
}

describe('sign-in page', { timeout: CLIENT_TEST_TIMEOUT_MS }, () => {
  it('shows the tenant found by host, and the captcha', async () => {
    renderInAdmin(<LoginPage />, { path: '/login' });
    expect(await screen.findByText(TENANT)).toBeTruthy();
    const image = await screen.findByTestId('captcha-image');
    expect(image.getAttribute('src')).toContain('Q0FQVENIQS01');
    expect(screen.getByLabelText(/^نام کاربری/).getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText(/^رمز عبور/).getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByLabelText(/^کد امنیتی/).getAttribute('autocomplete')).toBe('off');
    expect(screen.queryByText('ثبت نام سازمان جدید')).toBeNull(); // not on a crm. host
  });

  it('says under an empty username or password that it is required, and sends nothing', async () => {
    renderInAdmin(<LoginPage />, { path: '/login' });
    await screen.findByTestId('captcha-image');
    fireEvent.submit(screen.getByLabelText(/^کد امنیتی/).closest('form')!);
    expect(await screen.findByText('نام کاربری الزامی است')).toBeTruthy();
    expect(screen.getByText('رمز عبور الزامی است')).toBeTruthy();
    expect(lastForm).toBeNull();
    // The keyboard is taken to the first field to fill.
    expect(document.activeElement).toBe(screen.getByLabelText(/^نام کاربری/));
    fireEvent.change(screen.getByLabelText(/^نام کاربری/), { target: { value: '09120000000' } });
    expect(screen.queryByText('نام کاربری الزامی است')).toBeNull();
    fireEvent.submit(screen.getByLabelText(/^کد امنیتی/).closest('form')!);
    expect(document.activeElement).toBe(screen.getByLabelText(/^رمز عبور/));
  });

  it('on a status-0 answer shows the server message in red and reloads the captcha', async () => {
    authenticateAnswer = { status: 0, message: WRONG_CAPTCHA };
    renderInAdmin(<LoginPage />, { path: '/login' });
    await waitFor(() =>
      expect(screen.getByTestId('captcha-image').getAttribute('src')).toContain('Q0FQVENIQS01'),
    );

    fillAndSubmit();

    const message = await screen.findByText(WRONG_CAPTCHA);
    expect(message.closest('.RaNotification-error')).not.toBeNull();
    await waitFor(() => expect(captchaCalls).toBe(2));
    await waitFor(() =>
      expect(screen.getByTestId('captcha-image').getAttribute('src')).toContain('Q0FQVENIQS02'),
    );
    expect((screen.getByLabelText(/^کد امنیتی/) as HTMLInputElement).value).toBe('');
    expect(getSession()).toBeNull();
    // The keyboard is back in the form, at the captcha to type again — not on the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^کد امنیتی/)));

    // The multipart form carries the specification's fields.
    expect(lastForm!.get('Username')).toBe('09120000000');
    expect(lastForm!.get('Password')).toBe('secret');
    expect(lastForm!.get('captchaInputText')).toBe('abcd');
    expect(lastForm!.get('captchaTokenValue')).toBe('token-1');
    expect(lastForm!.get('WebRootPath')).toBe(window.location.host);
    expect(lastForm!.get('Language')).toBe('0');
  });

  it('on success stores the session, welcomes the user and goes home', async () => {
    authenticateAnswer = {
      status: 1,
      token: 'tok-123',
      logo: '',
      tenantFullName: TENANT,
      userId: 7,
      username: '09120000000',
      pic: '',
      mobile: '09120000000',
      permissions: ['Messages'],
      fName: 'مدیر',
      lName: 'سامانه',
    };
    let pathname = '';
    renderInAdmin(<LoginPage />, {
      path: '/login',
      onLocation: (location) => (pathname = location.pathname),
    });
    await screen.findByTestId('captcha-image');

    fillAndSubmit();

    expect(await screen.findByText('خوش آمدید')).toBeTruthy();
    expect(getSession()?.token).toBe('tok-123');
    expect(getSession()?.user.name).toBe('مدیر سامانه');
    await waitFor(() => expect(pathname).toBe('/'));
  });
});
