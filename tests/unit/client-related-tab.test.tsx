// @vitest-environment jsdom
// The related-letters tab: the letter's own links and the letters that name it (a follow-up
// written later), each opening its letter; only the picked ones are the form's.
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { RelatedTab } from '../../src/custom/letters/letter/RelatedTab';
import type { RelatedLetter } from '../../src/custom/letters/api';
import { installMatchMedia, renderInAdmin, settleDebouncedInputs, signIn } from './client-render';

const letter = (messageId: number, subject: string, extra: Partial<RelatedLetter> = {}): RelatedLetter => ({
  messageId,
  messageTypeFk: 4,
  number: `د-${messageId}`,
  subject,
  createdDate: '2026-11-25T08:00:00.000Z',
  createdUser: 'علی رضایی',
  follow: true,
  ...extra,
});

function Form({ children }: { children: ReactNode }) {
  const form = useForm({ defaultValues: { related: [] } });
  return <FormProvider {...form}>{children}</FormProvider>;
}

describe('related letters tab', () => {
  beforeAll(() => {
    installMatchMedia();
    signIn();
  });
  afterAll(settleDebouncedInputs);

  it('lists the letter’s own links, then the letters that name it, each a link to its letter', async () => {
    renderInAdmin(
      <Form>
        <RelatedTab
          messageId={6}
          related={[letter(3, 'درخواست اولیه')]}
          relatedToThis={[
            letter(7, 'پاسخ پیگیری', { description: 'پیرو این نامه' }),
            letter(9, 'گزارش به مدیریت', { follow: false, description: 'عطف به این نامه' }),
          ]}
          editable={false}
        />
      </Form>,
    );
    const rows = within(await screen.findByRole('table', { name: 'نامه‌های مرتبط' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('نوع ارتباط'),
      expect.stringMatching(/^پیرو.*درخواست اولیه/),
      expect.stringMatching(/^پیرو این نامه.*پاسخ پیگیری/),
      expect.stringMatching(/^عطف به این نامه.*گزارش به مدیریت/),
    ]);
    expect(screen.getByRole('link', { name: 'پاسخ پیگیری' }).getAttribute('href')).toBe(
      '/letter/false/AllMyMessage/4/7',
    );
    expect(screen.queryByText('نامه مرتبطی ثبت نشده است')).toBeNull();
  });

  it('says none only when neither side has any', async () => {
    renderInAdmin(
      <Form>
        <RelatedTab messageId={6} related={[]} relatedToThis={[]} editable={false} />
      </Form>,
    );
    expect(await screen.findByText('نامه مرتبطی ثبت نشده است')).toBeTruthy();
  });
});
