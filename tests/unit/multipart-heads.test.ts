// The multipart reader's watch over part heads (server/http/multipart-body.ts): busboy drops a
// part whose name or file name decodes to a line break without a word, so the heads are read
// as the body streams by, however its chunks cut them.
import { describe, expect, it } from 'vitest';
import { PartHeadWatch } from '../../server/http/multipart-body';

const BOUNDARY = '----dabir7Qx';
const part = (disposition: string, content: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: image/png\r\n\r\n${content}\r\n`;
const bodyOf = (...parts: string[]) => Buffer.from(`${parts.join('')}--${BOUNDARY}--\r\n`, 'latin1');

/** Whether the watch finds a dropped part, the body fed in chunks of `size` bytes. */
function dropped(body: Buffer, size: number): boolean {
  const watch = new PartHeadWatch(BOUNDARY);
  for (let at = 0; at < body.length; at += size) if (!watch.feed(body.subarray(at, at + size))) break;
  return watch.dropped;
}

describe('the part heads’ watch', () => {
  const subject = part('name="Subject"', 'گزارش');
  const sizes = [1, 2, 3, 7, 16, 10_000];

  it('finds an encoded line break in a file name, in any part, however the chunks fall', () => {
    for (const name of [`filename*=UTF-8''a%0A.png`, `filename*=utf-8''b%0d.png`, `name*=UTF-8''x%0Ay`]) {
      const body = bodyOf(subject, part(`name="Attachments"; ${name}`, 'PNG'));
      for (const size of sizes) expect(dropped(body, size), `${name} in chunks of ${size}`).toBe(true);
    }
  });

  it('passes names busboy keeps: a browser’s %0A in a quoted name, an encoded name without a break', () => {
    for (const name of [`filename="a%0A.png"`, `filename*=UTF-8''${encodeURIComponent('نقشه.png')}`]) {
      const body = bodyOf(subject, part(`name="Attachments"; ${name}`, 'PNG'));
      for (const size of sizes) expect(dropped(body, size), `${name} in chunks of ${size}`).toBe(false);
    }
  });

  it('does not read a part’s content as a head, even when it looks like one', () => {
    const lookalike = `x--${BOUNDARY}\r\nContent-Disposition: form-data; filename*=UTF-8''a%0A.png\r\n\r\n`;
    const body = bodyOf(part('name="MessageBody"', lookalike));
    for (const size of sizes) expect(dropped(body, size), `chunks of ${size}`).toBe(false);
  });
});
