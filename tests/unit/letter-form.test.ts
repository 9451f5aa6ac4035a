// @vitest-environment jsdom
// The letter form's pure rules (src/custom/letters/letter/letterForm.ts): required fields
// per letter type (spec 1 §5), the "changed" state (spec 1 §4) and the message/save fields
// (the incoming letter's Jalali day sent as the instant it starts in Tehran).
import { describe, expect, it } from 'vitest';
import {
  emptyValues,
  isChanged,
  requiredFields,
  newClientKey,
  saveFields,
  valuesOf,
} from '../../src/custom/letters/letter/letterForm';
import type { LetterRecord } from '../../src/custom/letters/api';

const record: LetterRecord = {
  messageId: 12,
  messageTypeFk: 5,
  subject: 'درخواست',
  messageBody: '<p>متن</p>',
  andikatorFk: 3,
  reciveMethodFk: 2,
  importedMsgNumber: '۱۲۳/الف',
  importedMsgDate: '2025-03-19T20:30:00.000Z',
  messageFromCustomerFk: 7,
  isSend: false,
  signed: false,
  selectedTo: [4, 2],
  selectedCC: [],
  selectedBcc: [9],
};

describe('letter form', () => {
  it.each([
    [4, ['subject', 'andikatorFk', 'messageBody', 'selectedTo']],
    [
      5,
      [
        'subject',
        'andikatorFk',
        'messageBody',
        'selectedTo',
        'importedMsgNumber',
        'importedMsgDate',
        'reciveMethodFk',
        'messageFromCustomerFk',
      ],
    ],
    [6, ['subject', 'andikatorFk', 'messageBody', 'messageFromManFk', 'selectedTo']],
  ])('type %i requires %j', (type, fields) => {
    expect(requiredFields(type)).toEqual(fields);
  });

  it('reads an incoming letter date as its day in Tehran', () => {
    expect(valuesOf(record).importedMsgDate).toBe('2025-03-20');
  });

  it('is unchanged as loaded, whatever the order of recipients or an empty editor', () => {
    const loaded = valuesOf(record);
    expect(isChanged(loaded, { ...loaded, selectedTo: [2, 4] })).toBe(false);
    expect(isChanged(emptyValues(null), { ...emptyValues(null), messageBody: '<p></p>' })).toBe(false);
    // The body as stored and as the editor writes it back: one paragraph, not a change.
    const stored = { ...loaded, messageBody: '<p style="text-align:right">متن</p>' };
    expect(isChanged(stored, { ...stored, messageBody: '<p style="text-align: right;">متن</p>' })).toBe(
      false,
    );
    expect(isChanged(stored, { ...stored, messageBody: '<p style="text-align: left;">متن</p>' })).toBe(true);
  });

  it.each([
    ['a field', { subject: 'درخواست دوم' }],
    ['a recipient', { selectedTo: [4] }],
    ['a copy', { selectedCC: [5] }],
    ['a blind copy', { selectedBcc: [9, 5] }],
    ['an attachment', { attachments: [{ rawFile: new File(['x'], 'a.png') }] }],
    ['a related link', { related: [{ messageId: 3, follow: true, subject: 'پیشین' }] }],
  ])('is changed by %s', (_, change) => {
    const loaded = valuesOf(record);
    expect(isChanged(loaded, { ...loaded, ...change })).toBe(true);
  });

  it('sends an incoming letter with its fields, the day as a Tehran instant and the blind copies kept', () => {
    const fields = saveFields(
      { ...valuesOf(record), related: [{ messageId: 3, follow: false, subject: 'پیشین' }] },
      { messageId: 12, messageType: 5 },
      0,
      'Draft',
    );
    expect(fields).toMatchObject({
      MessageId: 12,
      IsSend: 0,
      MessageTypeFk: 5,
      Subject: 'درخواست',
      AndikatorFk: 3,
      SelectedTo: [4, 2],
      SelectedBcc: [9],
      ReciveMethodFk: 2,
      ImportedMsgNumber: '۱۲۳/الف',
      ImportedMsgDate: '2025-03-19T20:30:00.000Z',
      MessageFromCustomerFk: 7,
      RelatedMessages: '[{"MessageId":3,"Follow":false}]',
    });
    expect(fields.AnswerRequest).toBeUndefined();
    expect(fields.MessageFromManFk).toBeUndefined();
    // No copies: said as one empty field, which clears them (left out, a draft keeps its own).
    expect(fields.SelectedCC).toBe('');
  });

  it('sends the blind copies the form holds: emptied, as none; from a copy kept before it had them, left out', () => {
    const loaded = valuesOf(record);
    const letter = { messageId: 12, messageType: 5 };
    expect(saveFields({ ...loaded, selectedBcc: [9, 5] }, letter, 0, 'Draft').SelectedBcc).toEqual([9, 5]);
    expect(saveFields({ ...loaded, selectedBcc: [] }, letter, 0, 'Draft').SelectedBcc).toBe('');
    const old = { ...loaded } as Partial<typeof loaded>;
    delete old.selectedBcc;
    expect(saveFields(old as typeof loaded, letter, 0, 'Draft').SelectedBcc).toBeUndefined();
  });

  it('sends answer required only on internal letters, the sender person only on outgoing ones', () => {
    const values = { ...emptyValues(1), answerRequest: true, messageFromManFk: 5 };
    expect(saveFields(values, { messageId: 0, messageType: 4 }, 1, 'AllMyMessage')).toMatchObject({
      AnswerRequest: true,
    });
    const outgoing = saveFields(values, { messageId: 0, messageType: 6 }, 1, 'AllMyMessage');
    expect(outgoing.AnswerRequest).toBeUndefined();
    expect(outgoing.MessageFromManFk).toBe(5);
  });

  it('sends the screen’s key with a new letter only, a fresh random one per screen', () => {
    const key = newClientKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newClientKey()).not.toBe(key);
    const fresh = saveFields(emptyValues(1), { messageId: 0, messageType: 4, clientKey: key }, 0, 'Draft');
    expect(fresh.ClientKey).toBe(key);
    const saved = saveFields(emptyValues(1), { messageId: 12, messageType: 4, clientKey: key }, 0, 'Draft');
    expect(saved.ClientKey).toBeUndefined();
  });
});
