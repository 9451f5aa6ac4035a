// @vitest-environment jsdom
// The forwards and events tabs size their columns by the room the card gives them, not by
// the screen: a tablet's card beside the open side menu (480 px) has a phone's room, and its
// roomy columns pushed the date and the notes out of sight.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, cleanup, screen, within } from '@testing-library/react';
import { EventsTab, ForwardsTab } from '../../src/custom/letters/letter/HistoryTabs';
import type { LetterEvent, LetterForward } from '../../src/custom/letters/api';
import { installMatchMedia, renderInAdmin, signIn } from './client-render';

/** The room every measured box is given, as ResizeObserver reports it (jsdom has none). */
let room = 0;
const NativeResizeObserver = globalThis.ResizeObserver;
class RoomObserver {
  constructor(private readonly report: ResizeObserverCallback) {}
  observe() {
    this.report([{ contentRect: { width: room } } as ResizeObserverEntry], this as never);
  }
  unobserve() {}
  disconnect() {}
}

const forward: LetterForward = {
  description: 'ارجاع',
  creatorUserFullName: 'علی رضایی',
  receivedUserFullName: 'زهرا کریمی',
  forwardMessage: 'لطفاً بررسی شود',
  createdDate: '2026-11-25T08:00:00.000Z',
};
const event: LetterEvent = {
  eventType: 'ارسال',
  eventTypeFk: 3,
  creatorUserId: 2,
  creatorUserFullName: 'علی رضایی',
  createdDate: '2026-11-25T08:00:00.000Z',
  description: 'به مریم احمدی',
};

/** How the date cell and a name's box are drawn: where the columns are at ease, a date keeps
 *  its time beside it and a name a wide box; where they are tight, neither. */
function layout(label: string) {
  const table = screen.getByRole('table', { name: label });
  const date = within(table)
    .getByText(/^۱۴۰۵\/۰۹\/۰۴ /)
    .closest('td')!;
  const name = within(table).getAllByText('علی رضایی')[0];
  return {
    dateOneLine: getComputedStyle(date).whiteSpace === 'nowrap',
    name: getComputedStyle(name).maxWidth,
  };
}

describe('a letter’s forwards and events', () => {
  beforeAll(() => {
    installMatchMedia(); // a desktop screen: only the room tells a narrow card
    signIn();
    globalThis.ResizeObserver = RoomObserver as unknown as typeof ResizeObserver;
  });
  afterEach(cleanup);
  afterAll(() => {
    globalThis.ResizeObserver = NativeResizeObserver;
  });

  it('are tight in a 480 px card on a wide screen, and at ease with room', () => {
    room = 480;
    renderInAdmin(<ForwardsTab forwards={[forward]} />);
    expect(layout('ارجاع‌های نامه')).toEqual({ dateOneLine: false, name: '80px' });
    cleanup();
    room = 900;
    renderInAdmin(<ForwardsTab forwards={[forward]} />);
    expect(layout('ارجاع‌های نامه')).toEqual({ dateOneLine: true, name: '240px' });
  });

  it('takes the room of a card shown before its rows came (a letter loading)', () => {
    room = 480;
    let load: (events: LetterEvent[]) => void = () => undefined;
    function Loading() {
      const [events, setEvents] = useState<LetterEvent[]>([]);
      load = setEvents;
      return <EventsTab events={events} />;
    }
    renderInAdmin(<Loading />);
    expect(screen.getByText('موردی ثبت نشده است')).toBeTruthy();
    act(() => load([event]));
    expect(layout('رویدادهای نامه')).toEqual({ dateOneLine: false, name: '80px' });
  });
});
