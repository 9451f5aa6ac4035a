// Shared pieces of the letter screen's component tests (client-letter*.test.tsx,
// client-a11y): the people and the draft they open, the mocked calls every letter screen
// makes (its letter, its numbering schemes, the user's settings, the people look-up) and
// how the screen is rendered and found. Each file adds the calls its own cases need.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Route, Routes, type Location } from 'react-router-dom';
import LetterScreen from '../../src/custom/letters/letter/LetterScreen';
import { renderInAdmin } from './client-render';

export const ME = { id: 1, title: 'مدیر سامانه' };
export const PEOPLE = [ME, { id: 2, title: 'سارا احمدی' }, { id: 3, title: 'علی رضایی' }];

/** An internal draft the signed-in user wrote to سارا احمدی, unsigned and unnumbered. */
export const DRAFT_LETTER = {
  messageId: 12,
  messageTypeFk: 4,
  messageTypeString: 'داخلی',
  subject: 'گزارش ماهانه',
  messageBody: '<p>متن گزارش</p>',
  andikatorFk: 1,
  andikatorTitle: 'داخلی',
  number: null,
  displayMessageNumber: '',
  isSend: false,
  signed: false,
  isAuthor: true,
  isHolder: true,
  isReaded: false,
  messageFrom: 'مدیر سامانه',
  messageTo: 'سارا احمدی',
  createdDate: '2025-03-20T08:00:00Z',
  selectedTo: [2] as number[],
  selectedCC: [] as number[],
  selectedBcc: [] as number[],
};

/** message/get's answer: the record and, unless given, empty tabs. */
export const letterAnswer = (record: Record<string, unknown>, tabs: Record<string, unknown[]> = {}) => ({
  status: 1,
  record,
  attachment: [],
  relatedMessage: [],
  allForwardedMessage: [],
  messageEvent: [],
  ...tabs,
});

/** The people look-up: all of them, or those named by `Ids`. */
export const peopleLookup = (people: Array<{ id: number; title: string }> = PEOPLE) =>
  http.get('*/api/person/lookup/', ({ request }) => {
    const ids = new URL(request.url).searchParams.get('Ids');
    const rows = ids ? people.filter((p) => ids.split(',').includes(String(p.id))) : people;
    return HttpResponse.json({ status: 1, records: rows });
  });

/** One active default numbering scheme for internal letters. */
export const internalSchemeLookup = () =>
  http.get('*/api/andikator/lookup/', () =>
    HttpResponse.json({
      status: 1,
      records: [{ id: 1, title: 'داخلی', isActive: true, isDefault: true, messageTypeFk: 4 }],
    }),
  );

/** The signed-in user's settings: their person is ME. */
export const userSettings = () =>
  http.get('*/api/usersetting/get/', () =>
    HttpResponse.json({ status: 1, record: { themeColor: '#7B1FA2', personId: ME.id } }),
  );

/** Any other look-up (customers, templates, folders…) finds nothing. */
export const emptyLookups = () =>
  http.get('*/api/:entity/lookup/', () => HttpResponse.json({ status: 1, records: [] }));

/** Renders the letter screen at its route; anything else shows «جای دیگر». */
export const openLetterScreen = (
  path: string,
  { beside, onLocation }: { beside?: ReactNode; onLocation?: (location: Location) => void } = {},
) =>
  renderInAdmin(
    <>
      <Routes>
        <Route path="/letter/:create/:pagetype/:messagetype/:id" element={<LetterScreen />} />
        <Route path="*" element={<div>جای دیگر</div>} />
      </Routes>
      {beside}
    </>,
    { path, onLocation },
  );

export const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** The letter screen has loaded when its bottom toolbar shows. */
export const waitForScreen = () => screen.findByRole('toolbar', { name: 'ثبت نامه' });
