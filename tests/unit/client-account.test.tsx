// @vitest-environment jsdom
// The account dialogs against a mocked API: settings go as one multipart PUT; a refusal
// shows the server's message in red; the mobile approval walks its three calls.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { toPersianDigits } from '../../src/shared/persian-digits';
import { getSession, setSession } from '../../src/api/session';
import { AccountSettingsDialog } from '../../src/custom/account/AccountSettingsDialog';
import { MobileApprovalDialog } from '../../src/custom/account/MobileApprovalDialog';
import { installMatchMedia, renderInAdmin, signIn } from './client-render';
import { imageTooLargeMessage, MAX_IMAGE_BYTES } from '../../src/shared/uploads';

const WRONG_PASSWORD = 'رمز عبور فعلی اشتباه است';

let settingAnswer: Record<string, unknown> = {};
let settingRequest: { method: string; contentType: string; form: FormData } | null = null;
const mobileCalls: Array<{ path: string; body: Record<string, unknown> }> = [];

const server = setupServer(
  http.all('*/api/user/changeusersetting/', async ({ request }) => {
    settingRequest = {
      method: request.method,
      contentType: request.headers.get('content-type') ?? '',
      form: await request.formData(),
    };
    return HttpResponse.json(settingAnswer);
  }),
  http.put('*/api/user/changeusermobile/', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    mobileCalls.push({ path: 'changeusermobile', body });
    if (body.Mobile === '0912') return HttpResponse.json({ status: 0, messge: 'شماره همراه معتبر نیست' });
    return HttpResponse.json({
      status: 1,
      message: 'درخواست با موفقیت انجام شد',
      messge: 'درخواست با موفقیت انجام شد',
    });
  }),
  http.post('*/api/user/approveusersendcode/', async ({ request }) => {
    mobileCalls.push({
      path: 'approveusersendcode',
      body: (await request.json()) as Record<string, unknown>,
    });
    return HttpResponse.json({ status: 1, messge: 'کد تایید به شماره همراه شما پیامک شد' });
  }),
  http.post('*/api/user/approveuser/', async ({ request }) => {
    const body = (await request.json()) as { code: string };
    mobileCalls.push({ path: 'approveuser', body });
    return HttpResponse.json(
      body.code === '12345'
        ? { status: 1, messge: 'شماره همراه شما تایید شد' }
        : { status: 0, messge: 'کد تایید اشتباه است' },
    );
  }),
);

beforeAll(() => {
  installMatchMedia();
  // jsdom has no object URLs; the picture preview needs one.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  settingRequest = null;
  mobileCalls.length = 0;
  signIn([], { pic: 'old.png' });
});
afterEach(() => cleanup());
afterAll(() => {
  server.close();
  setSession(null);
});

const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const pngFile = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

describe('account settings dialog', () => {
  it('sends password and picture as one multipart PUT and takes the new profile picture', async () => {
    settingAnswer = { status: 1, message: 'درخواست با موفقیت انجام شد', profilePicture: 'new.png' };
    const onClose = vi.fn();
    renderInAdmin(<AccountSettingsDialog open onClose={onClose} />);
    typeInto('رمز عبور فعلی', 'admin123');
    typeInto('رمز عبور جدید', 'new-secret-1');
    typeInto('تکرار رمز عبور جدید', 'new-secret-1');
    fireEvent.change(screen.getByLabelText('تصویر پروفایل', { selector: 'input' }), {
      target: { files: [pngFile()] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'ذخیره' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(settingRequest?.method).toBe('PUT');
    expect(settingRequest?.contentType).toMatch(/^multipart\/form-data/);
    const form = settingRequest!.form;
    expect(form.get('Language')).toBe('0');
    expect(form.get('CurrentPassword')).toBe('admin123');
    expect(form.get('NewPassword')).toBe('new-secret-1');
    // The picture's bytes travel (its name does not survive jsdom's FormData → msw).
    expect((form.get('UserProfilePic') as File).size).toBe(4);
    expect(form.get('UserSignPic')).toBeNull();
    expect(getSession()?.user.pic).toBe('new.png');
    expect(await screen.findByText('درخواست با موفقیت انجام شد')).toBeTruthy();
  });

  it('shows the server message in red on status 0 and stays open', async () => {
    settingAnswer = { status: 0, message: WRONG_PASSWORD };
    const onClose = vi.fn();
    renderInAdmin(<AccountSettingsDialog open onClose={onClose} />);
    typeInto('رمز عبور فعلی', 'wrong');
    typeInto('رمز عبور جدید', 'new-secret-1');
    typeInto('تکرار رمز عبور جدید', 'new-secret-1');
    fireEvent.click(screen.getByRole('button', { name: 'ذخیره' }));

    const message = await screen.findByText(WRONG_PASSWORD);
    expect(message.closest('.RaNotification-error')).toBeTruthy(); // red
    expect(onClose).not.toHaveBeenCalled();
    expect(getSession()?.user.pic).toBe('old.png');
  });

  it('refuses a repeat that does not match, without calling the server', async () => {
    renderInAdmin(<AccountSettingsDialog open onClose={() => undefined} />);
    typeInto('رمز عبور فعلی', 'admin123');
    typeInto('رمز عبور جدید', 'new-secret-1');
    typeInto('تکرار رمز عبور جدید', 'new-secret-2');
    fireEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect((await screen.findAllByText('تکرار رمز عبور با رمز عبور جدید یکسان نیست')).length).toBeGreaterThan(
      0,
    );
    expect(settingRequest).toBeNull();
  });

  it('accepts images only', async () => {
    renderInAdmin(<AccountSettingsDialog open onClose={() => undefined} />);
    const input = screen.getByLabelText('تصویر امضا', { selector: 'input' });
    expect(input.getAttribute('accept')).toBe('image/*');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'sign.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText(/فقط فایل تصویری/)).toBeTruthy();
    expect(screen.queryByText('sign.pdf')).toBeNull();
  });

  it('refuses a picture over the server’s limit before sending anything', async () => {
    renderInAdmin(<AccountSettingsDialog open onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText('تصویر امضا', { selector: 'input' }), {
      target: { files: [new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'sign.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText(imageTooLargeMessage('تصویر امضا'))).toBeTruthy();
    expect(screen.queryByText('sign.png')).toBeNull();
  });
});

describe('mobile approval dialog', () => {
  it('after a refused number, «شماره درست است» keeps the saved one, which the code goes to', async () => {
    renderInAdmin(<MobileApprovalDialog open onClose={vi.fn()} />);
    const saved = (screen.getByLabelText('شماره همراه') as HTMLInputElement).value;
    typeInto('شماره همراه', '0912');
    fireEvent.click(screen.getByRole('button', { name: 'ثبت شماره' }));
    expect(await screen.findByText('شماره همراه معتبر نیست')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'شماره درست است' }));
    expect(
      await screen.findByText(`کد تایید به شماره ${toPersianDigits(saved || '—')} پیامک می‌شود.`),
    ).toBeTruthy();
    expect(screen.queryByText(/به شماره ۰۹۱۲ پیامک/)).toBeNull();
  });

  it('changes the mobile, asks for a code and confirms it', async () => {
    const onClose = vi.fn();
    renderInAdmin(<MobileApprovalDialog open onClose={onClose} />);
    expect(screen.getByText('۰۹ و ۹ رقم')).toBeTruthy();
    // Typed in Latin digits, shown in Persian ones; sent in Latin either way.
    typeInto('شماره همراه', '09123456789');
    expect((screen.getByLabelText('شماره همراه') as HTMLInputElement).value).toBe('۰۹۱۲۳۴۵۶۷۸۹');
    typeInto('شماره همراه', '۰۹۱۲۳۴۵۶۷۸۹');
    fireEvent.click(screen.getByRole('button', { name: 'ثبت شماره' }));
    await waitFor(() => expect(mobileCalls.map((c) => c.path)).toEqual(['changeusermobile']));
    expect(mobileCalls[0].body).toMatchObject({ Mobile: '09123456789', Language: 0 });

    fireEvent.click(await screen.findByRole('button', { name: 'ارسال کد تایید' }));
    expect(await screen.findByText('کد تایید به شماره همراه شما پیامک شد')).toBeTruthy();

    typeInto('کد تایید', '11111');
    fireEvent.click(screen.getByRole('button', { name: 'تایید' }));
    expect(await screen.findByText('کد تایید اشتباه است')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    typeInto('کد تایید', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'تایید' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(mobileCalls.map((c) => c.path)).toEqual([
      'changeusermobile',
      'approveusersendcode',
      'approveuser',
      'approveuser',
    ]);
    expect(mobileCalls[3].body).toMatchObject({ code: '12345' });
  });
});
