// @vitest-environment jsdom
// The compose backup's last write (src/custom/letters/letter/composeBackup.ts): the form's
// deferred value lags behind typing, so keys pressed after the last timed write start no
// new one. When the page goes (a reload) or the screen closes, the copy must still hold
// them — read from the live form. CI lost « پی‌نوشت» typed just before a reload this way.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import { useKeptBackup, type ComposeBackup } from '../../src/custom/letters/letter/composeBackup';
import { emptyValues, type LetterFormValues } from '../../src/custom/letters/letter/letterForm';
import { signIn } from './client-render';

const PATH = '/letter/true/AllMyMessage/4/0';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stored = () => {
  const text = sessionStorage.getItem(`dabir:compose:1:${PATH}`);
  return text ? (JSON.parse(text) as ComposeBackup) : null;
};

describe('the compose backup as the page goes', () => {
  const loaded = emptyValues(null);
  let live: Partial<LetterFormValues>;

  beforeEach(() => {
    sessionStorage.clear();
    signIn();
    live = { ...loaded, subject: 'گزارش', messageBody: '<p>متن و</p>' };
  });
  afterEach(cleanup);

  function keep() {
    const current = { ...live };
    return renderHook(() => useKeptBackup(PATH, loaded, current, true, true, 'key-1', () => live));
  }

  it('writes the keys typed after the last timed write when the page is hidden', async () => {
    keep();
    await wait(400); // the timed write has run: nothing is pending
    expect(stored()?.values.messageBody).toBe('<p>متن و</p>');
    live = { ...live, messageBody: '<p>متن و پی‌نوشت</p>' }; // typed; the deferred render not yet
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()?.values.messageBody).toBe('<p>متن و پی‌نوشت</p>');
  });

  it('writes them when the screen closes too', async () => {
    const screen = keep();
    await wait(400);
    live = { ...live, subject: 'گزارش نهایی' };
    screen.unmount();
    expect(stored()?.values.subject).toBe('گزارش نهایی');
  });

  it('writes nothing once the copy was dropped (saved), whatever the form holds', async () => {
    const { dropComposeBackup } = await import('../../src/custom/letters/letter/composeBackup');
    const screen = keep();
    await wait(400);
    dropComposeBackup(PATH);
    live = { ...live, subject: 'پس از ذخیره' };
    window.dispatchEvent(new Event('pagehide'));
    screen.unmount();
    expect(stored()).toBeNull();
  });
});
