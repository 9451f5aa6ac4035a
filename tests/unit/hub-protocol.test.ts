import { describe, expect, it } from 'vitest';
import {
  FrameReader,
  FrameTooLargeError,
  RECORD_SEPARATOR,
  parseHandshakeRequest,
  parseMessage,
  serializeHandshakeResponse,
  serializeMessage,
} from '../../server/realtime/hub-protocol';
import { decodeHubEvent, encodeHubEvent, PayloadTooLargeError } from '../../server/realtime/event-bus';
import { forEachInChunks } from '../../server/realtime/fan-out';

const RS = RECORD_SEPARATOR;
const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('FrameReader', () => {
  it('splits one frame holding several messages', () => {
    const reader = new FrameReader(1024);
    expect(reader.push(bytes(`{"type":6}${RS}{"type":7}${RS}`))).toEqual(['{"type":6}', '{"type":7}']);
  });

  it('keeps a message split across frames until its separator arrives', () => {
    const reader = new FrameReader(1024);
    expect(reader.push(bytes('{"protocol":"js'))).toEqual([]);
    expect(reader.push(bytes('on","version":1}'))).toEqual([]);
    expect(reader.push(bytes(`${RS}{"type":6}${RS}{"ty`))).toEqual([
      '{"protocol":"json","version":1}',
      '{"type":6}',
    ]);
    expect(reader.push(bytes(`pe":7}${RS}`))).toEqual(['{"type":7}']);
  });

  it('reassembles a multi-byte UTF-8 character cut between frames', () => {
    const reader = new FrameReader(1024);
    const whole = bytes(`{"title":"سلام"}${RS}`);
    const cut = 11; // inside the two-byte "س" (bytes 10–11)
    expect(reader.push(whole.subarray(0, cut))).toEqual([]);
    expect(reader.push(whole.subarray(cut))).toEqual(['{"title":"سلام"}']);
  });

  it('does not keep a copy of the caller buffer', () => {
    const reader = new FrameReader(1024);
    const chunk = bytes('{"type":');
    reader.push(chunk);
    chunk.fill(0x20);
    expect(reader.push(bytes(`6}${RS}`))).toEqual(['{"type":6}']);
  });

  it('refuses an oversize message, finished or not', () => {
    expect(() => new FrameReader(16).push(bytes(`${'x'.repeat(17)}${RS}`))).toThrow(FrameTooLargeError);
    const reader = new FrameReader(16);
    reader.push(bytes('x'.repeat(10)));
    expect(() => reader.push(bytes('x'.repeat(10)))).toThrow(FrameTooLargeError);
  });

  it('limits each message, not the frame', () => {
    const reader = new FrameReader(16);
    const frame = `{"type":6}${RS}`.repeat(20);
    expect(reader.push(bytes(frame))).toHaveLength(20);
  });
});

describe('parseMessage', () => {
  it('parses an invocation with and without an invocation id', () => {
    expect(
      parseMessage('{"type":1,"invocationId":"7","target":"tasks.addNote","arguments":[1,"x"]}'),
    ).toEqual({
      ok: true,
      message: { type: 1, invocationId: '7', target: 'tasks.addNote', arguments: [1, 'x'] },
    });
    expect(parseMessage('{"type":1,"target":"Send","arguments":[],"headers":{"a":"b"}}')).toEqual({
      ok: true,
      message: { type: 1, target: 'Send', arguments: [] },
    });
  });

  it('parses completions with a result, an error, or neither', () => {
    expect(parseMessage('{"type":3,"invocationId":"1","result":null}')).toEqual({
      ok: true,
      message: { type: 3, invocationId: '1', result: null },
    });
    expect(parseMessage('{"type":3,"invocationId":"1","error":"no"}')).toEqual({
      ok: true,
      message: { type: 3, invocationId: '1', error: 'no' },
    });
    expect(parseMessage('{"type":3,"invocationId":"1"}')).toEqual({
      ok: true,
      message: { type: 3, invocationId: '1' },
    });
    expect(parseMessage('{"type":3,"invocationId":"1","result":1,"error":"no"}').ok).toBe(false);
  });

  it('parses ping and close', () => {
    expect(parseMessage('{"type":6}')).toEqual({ ok: true, message: { type: 6 } });
    expect(parseMessage('{"type":7,"error":"bye","allowReconnect":true}')).toEqual({
      ok: true,
      message: { type: 7, error: 'bye', allowReconnect: true },
    });
  });

  it('marks streaming and stateful-reconnect messages as unsupported', () => {
    expect(parseMessage('{"type":4,"invocationId":"2","target":"S","arguments":[]}')).toEqual({
      ok: true,
      message: { type: 'unsupported', messageType: 4, invocationId: '2' },
    });
    expect(parseMessage('{"type":8,"sequenceId":3}')).toEqual({
      ok: true,
      message: { type: 'unsupported', messageType: 8 },
    });
  });

  it('rejects malformed messages', () => {
    for (const text of [
      '',
      'nope',
      '[]',
      'null',
      '{}',
      '{"type":42}',
      '{"type":1,"arguments":[]}',
      '{"type":1,"target":"T"}',
    ]) {
      expect(parseMessage(text).ok, text).toBe(false);
    }
    expect(parseMessage('{"type":1,"invocationId":5,"target":"T","arguments":[]}').ok).toBe(false);
  });
});

describe('serializeMessage', () => {
  it('ends every message with the record separator', () => {
    expect(serializeMessage({ type: 6 })).toBe(`{"type":6}${RS}`);
    expect(
      serializeMessage({ type: 1, target: 'Notification', arguments: [{ id: 1, title: 'سلام', url: '/a' }] }),
    ).toBe(`{"type":1,"target":"Notification","arguments":[{"id":1,"title":"سلام","url":"/a"}]}${RS}`);
    expect(serializeMessage({ type: 7, error: 'Session revoked' })).toBe(
      `{"type":7,"error":"Session revoked"}${RS}`,
    );
  });

  it('round-trips through the parser', () => {
    const completion = { type: 3 as const, invocationId: '9', result: { status: 1 } };
    expect(parseMessage(serializeMessage(completion).slice(0, -1))).toEqual({
      ok: true,
      message: completion,
    });
  });
});

describe('handshake', () => {
  it('accepts JSON version 1', () => {
    expect(parseHandshakeRequest('{"protocol":"json","version":1}')).toEqual({
      ok: true,
      request: { protocol: 'json', version: 1 },
    });
  });

  it('refuses other protocols, versions and garbage', () => {
    expect(parseHandshakeRequest('{"protocol":"messagepack","version":1}')).toEqual({
      ok: false,
      error: "The protocol 'messagepack' is not supported.",
    });
    expect(parseHandshakeRequest('{"protocol":"json","version":2}').ok).toBe(false);
    expect(parseHandshakeRequest('{"protocol":"json"}').ok).toBe(false);
    expect(parseHandshakeRequest('{').ok).toBe(false);
  });

  it('answers {} or an error, separated', () => {
    expect(serializeHandshakeResponse()).toBe(`{}${RS}`);
    expect(serializeHandshakeResponse('bad')).toBe(`{"error":"bad"}${RS}`);
  });
});

describe('hub event payloads', () => {
  it('round-trips events and ignores anything else', () => {
    const notify = { type: 'notify' as const, userId: 3, notification: { id: 1, title: 't', url: '' } };
    expect(decodeHubEvent(encodeHubEvent(notify))).toEqual(notify);
    expect(decodeHubEvent(encodeHubEvent({ type: 'session-revoked', sessionId: 4 }))).toEqual({
      type: 'session-revoked',
      sessionId: 4,
    });
    for (const payload of [
      undefined,
      '',
      'x',
      '{"type":"notify","userId":1}',
      '{"type":"session-revoked"}',
    ]) {
      expect(decodeHubEvent(payload)).toBeNull();
    }
  });

  it('refuses a payload PostgreSQL would refuse', () => {
    const big = {
      type: 'notify' as const,
      userId: 1,
      notification: { id: 1, title: 'ب'.repeat(4000), url: '' },
    };
    expect(() => encodeHubEvent(big)).toThrow(PayloadTooLargeError);
  });
});

describe('forEachInChunks', () => {
  it('yields to the event loop between chunks and visits everything once', async () => {
    const seen: number[] = [];
    const done = forEachInChunks([...Array(10).keys()], (n) => seen.push(n), 3);
    expect(seen).toEqual([0, 1, 2]); // the first chunk goes at once, the rest on later turns
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.length).toBeLessThan(10);
    await done;
    expect(seen).toEqual([...Array(10).keys()]);
  });

  it('keeps going when one send throws', async () => {
    const seen: number[] = [];
    await forEachInChunks([1, 2, 3], (n) => {
      if (n === 2) throw new Error('gone');
      seen.push(n);
    });
    expect(seen).toEqual([1, 3]);
  });
});
