// The letter screen's actions per state (spec 1 §4), as a table: new, draft unsigned,
// draft signed, sent; changed or not; numbered or not; someone else's draft; read by others.
import { describe, expect, it } from 'vitest';
import {
  letterButtons,
  type LetterButtons,
  type LetterState,
} from '../../src/custom/letters/letter/letterButtons';

const base: LetterState = {
  saved: true,
  sent: false,
  signed: false,
  numbered: false,
  holder: true,
  changed: false,
  readByOthers: false,
  author: true,
  sender: false,
};

type Row = [string, Partial<LetterState>, Array<keyof LetterButtons>];

// Each row lists exactly the actions that are open; every other one is closed.
const TABLE: Row[] = [
  ['new letter, untouched', { saved: false }, ['editable', 'send']],
  ['new letter, typed in', { saved: false, changed: true }, ['editable', 'send', 'saveDraft']],
  ['draft, unsigned, unchanged', {}, ['editable', 'number', 'sign', 'forwardDraft', 'print', 'delete']],
  ['draft, unsigned, numbered', { numbered: true }, ['editable', 'sign', 'forwardDraft', 'print', 'delete']],
  ['draft, unsigned, changed', { changed: true }, ['editable', 'saveDraft', 'print', 'delete']],
  ['draft, signed', { signed: true }, ['send', 'removeSignature', 'print', 'delete']],
  [
    'draft, signed and numbered',
    { signed: true, numbered: true },
    ['send', 'removeSignature', 'print', 'delete'],
  ],
  ["someone else's draft", { holder: false, author: false }, ['print']],
  ["someone else's signed draft", { holder: false, author: false, signed: true }, ['print']],
  [
    'a draft handed to me by its author',
    { author: false },
    ['editable', 'number', 'sign', 'forwardDraft', 'print', 'delete'],
  ],
  [
    'sent by me: a reply would go to myself',
    { sent: true, signed: true, numbered: true, sender: true },
    ['forward', 'archive', 'favorite', 'print', 'delete'],
  ],
  [
    'sent, written by me, sent by the colleague I passed it to',
    { sent: true, signed: true, numbered: true },
    ['reply', 'forward', 'archive', 'favorite', 'print', 'delete'],
  ],
  [
    'sent by me, read by another user',
    { sent: true, signed: true, numbered: true, readByOthers: true, sender: true },
    ['forward', 'archive', 'favorite', 'print'],
  ],
  [
    'sent to me (not my draft)',
    { sent: true, holder: false, author: false },
    ['reply', 'forward', 'archive', 'favorite', 'print'],
  ],
];

const ALL: Array<keyof LetterButtons> = [
  'editable',
  'send',
  'number',
  'saveDraft',
  'sign',
  'removeSignature',
  'forwardDraft',
  'reply',
  'forward',
  'archive',
  'favorite',
  'print',
  'delete',
];

describe('letter buttons (spec 1 §4)', () => {
  it.each(TABLE)('%s', (_, state, open) => {
    const buttons = letterButtons({ ...base, ...state });
    const actual = ALL.filter((name) => buttons[name]);
    expect(actual).toEqual(ALL.filter((name) => open.includes(name)));
  });

  it('a changed saved draft closes send, number, sign, remove signature and forward draft', () => {
    for (const signed of [false, true]) {
      const buttons = letterButtons({ ...base, signed, changed: true });
      expect([
        buttons.send,
        buttons.number,
        buttons.sign,
        buttons.removeSignature,
        buttons.forwardDraft,
      ]).toEqual([false, false, false, false, false]);
    }
  });

  it('reply is closed to a user who may not write an internal letter (a reply is one)', () => {
    const received = { ...base, sent: true, holder: false, author: false };
    expect(letterButtons({ ...received, mayWriteInternal: true }).reply).toBe(true);
    expect(letterButtons({ ...received, mayWriteInternal: false })).toMatchObject({
      reply: false,
      forward: true,
    });
  });

  it('save draft is open only when changed', () => {
    expect(letterButtons({ ...base, changed: false }).saveDraft).toBe(false);
    expect(letterButtons({ ...base, changed: true }).saveDraft).toBe(true);
    expect(letterButtons({ ...base, saved: false, changed: false }).saveDraft).toBe(false);
  });
});
