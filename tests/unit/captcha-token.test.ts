import { describe, expect, it } from 'vitest';
import { CAPTCHA_LIFETIME_MS, createCaptchaSigner, newCaptchaImage } from '../../server/auth/captcha';

describe('captcha token', () => {
  const signer = createCaptchaSigner('test-secret');

  it('accepts the right answer, in Latin or Persian digits', () => {
    const token = signer.sign('35827');
    expect(signer.verify(token, '35827').result).toBe('ok');
    expect(signer.verify(token, '۳۵۸۲۷').result).toBe('ok');
    expect(signer.verify(token, '35828').result).toBe('wrong');
  });

  it('refuses an expired token', () => {
    const issued = Date.now() - CAPTCHA_LIFETIME_MS - 1;
    expect(signer.verify(signer.sign('12345', issued), '12345').result).toBe('expired');
  });

  it('refuses a tampered token or one signed with another secret', () => {
    const token = signer.sign('12345');
    const [body, sig] = token.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, e: payload.e + 1e9 })).toString('base64url');
    expect(signer.verify(`${forged}.${sig}`, '12345').result).toBe('invalid');
    expect(createCaptchaSigner('other').verify(token, '12345').result).toBe('invalid');
    expect(signer.verify('garbage', '12345').result).toBe('invalid');
  });

  it('keeps the answer out of the token', () => {
    const image = newCaptchaImage();
    const token = signer.sign(image.text);
    expect(Buffer.from(token.split('.')[0], 'base64url').toString()).not.toContain(image.text);
    expect(image.dataUrl.startsWith('data:image/svg+xml;base64,')).toBe(true);
  });
});
