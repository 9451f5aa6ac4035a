// @vitest-environment jsdom
// The drop zone for a letter's pictures (LetterImagesInput): a file is told by its first
// bytes as well as by its name and type, so a PDF renamed fake.jpg is refused at the drop
// with the server's sentence, as doc.pdf is; a waiting picture shows its name and its
// size in Persian digits under its thumbnail.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'react-admin';
import { LetterImagesInput, PendingImagePreview } from '../../src/custom/letters/letter/LetterImagesInput';
import { fileSizeText, isLetterImageBytes } from '../../src/custom/letters/letter/letterImageFiles';
import { attachmentLabel, notALetterImageMessage } from '../../src/shared/uploads';
import {
  CLIENT_TEST_TIMEOUT_MS,
  installMatchMedia,
  renderInAdmin,
  settleDebouncedInputs,
  signIn,
} from './client-render';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const PDF = [...'%PDF-1.7'].map((c) => c.charCodeAt(0));

const fileOf = (name: string, type: string, head: number[], size = head.length) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new File([bytes], name, { type });
};

describe('isLetterImageBytes', () => {
  it('takes the PNG and JPEG signatures and nothing else', () => {
    expect(isLetterImageBytes(new Uint8Array(PNG))).toBe(true);
    expect(isLetterImageBytes(new Uint8Array(JPEG))).toBe(true);
    expect(isLetterImageBytes(new Uint8Array([0xff, 0xd8, 0xff]))).toBe(true);
    expect(isLetterImageBytes(new Uint8Array(PDF))).toBe(false);
    // Half a PNG signature, a GIF, nothing.
    expect(isLetterImageBytes(new Uint8Array(PNG.slice(0, 4)))).toBe(false);
    expect(isLetterImageBytes(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))).toBe(false);
    expect(isLetterImageBytes(new Uint8Array())).toBe(false);
  });
});

describe('fileSizeText', () => {
  it('writes a size in Persian digits', () => {
    expect(fileSizeText(1.5 * 1024 * 1024)).toBe('۱٫۵ مگابایت');
    expect(fileSizeText(2 * 1024 * 1024)).toBe('۲ مگابایت');
    expect(fileSizeText(320 * 1024)).toBe('۳۲۰ کیلوبایت');
    expect(fileSizeText(512)).toBe('۵۱۲ بایت');
  });
});

describe('LetterImagesInput', () => {
  // jsdom's Blob has no arrayBuffer(), which the drop zone reads a file's first bytes with.
  const arrayBufferBefore = Object.getOwnPropertyDescriptor(Blob.prototype, 'arrayBuffer');
  beforeAll(() => {
    installMatchMedia();
    signIn();
    Object.defineProperty(Blob.prototype, 'arrayBuffer', {
      configurable: true,
      value(this: Blob) {
        return new Promise<ArrayBuffer>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(reader.result as ArrayBuffer);
          reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
          reader.readAsArrayBuffer(this);
        });
      },
    });
  });
  afterEach(cleanup);
  afterAll(async () => {
    if (arrayBufferBefore) Object.defineProperty(Blob.prototype, 'arrayBuffer', arrayBufferBefore);
    else delete (Blob.prototype as Partial<Blob>).arrayBuffer;
    await settleDebouncedInputs();
  });

  const renderZone = () =>
    renderInAdmin(
      <Form defaultValues={{ attachments: [] }}>
        <LetterImagesInput source="attachments" label="پیوست‌های تازه" placeholder="رها کنید">
          <PendingImagePreview />
        </LetterImagesInput>
      </Form>,
    );
  const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;
  const previews = () => document.querySelectorAll('.RaFileInputPreview-removeButton');

  it(
    'refuses a renamed PDF by its bytes with the sentence doc.pdf gets, and keeps the real pictures',
    async () => {
      renderZone();
      fireEvent.change(input(), {
        target: {
          files: [
            fileOf('fake.jpg', 'image/jpeg', PDF),
            fileOf('doc.pdf', 'application/pdf', PDF),
            fileOf('نمودار.png', 'image/png', PNG, 1.5 * 1024 * 1024),
            fileOf('عکس.jpg', 'image/jpeg', JPEG, 320 * 1024),
          ],
        },
      });
      await screen.findByText(
        `${notALetterImageMessage(attachmentLabel('fake.jpg'))}؛ ${notALetterImageMessage(attachmentLabel('doc.pdf'))}`,
      );
      await waitFor(() => expect(previews()).toHaveLength(2));
      expect(screen.queryByText('fake.jpg')).toBeNull();
    },
    CLIENT_TEST_TIMEOUT_MS,
  );

  it(
    'reads a dropped file’s bytes too',
    async () => {
      renderZone();
      const files = [fileOf('fake.png', 'image/png', PDF), fileOf('نقشه.png', 'image/png', PNG)];
      const zone = input().parentElement!;
      fireEvent.drop(zone, {
        dataTransfer: {
          files,
          items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
          types: ['Files'],
        },
      });
      await screen.findByText(notALetterImageMessage(attachmentLabel('fake.png')));
      await waitFor(() => expect(previews()).toHaveLength(1));
      expect(screen.getByText('نقشه.png')).toBeTruthy();
    },
    CLIENT_TEST_TIMEOUT_MS,
  );

  it(
    'lets through a picture with no extension and no type (the server judges its bytes), not a known other type',
    async () => {
      renderZone();
      const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];
      fireEvent.change(input(), {
        target: {
          files: [
            fileOf('image', '', PNG),
            fileOf('اسکن', 'application/octet-stream', JPEG),
            fileOf('یادداشت', '', PDF),
            fileOf('a.gif', 'image/gif', GIF),
          ],
        },
      });
      await screen.findByText(
        `${notALetterImageMessage(attachmentLabel('یادداشت'))}؛ ${notALetterImageMessage(attachmentLabel('a.gif'))}`,
      );
      await waitFor(() => expect(previews()).toHaveLength(2));
      expect(screen.getByText('image')).toBeTruthy();
      expect(screen.getByText('اسکن')).toBeTruthy();
      // The file dialog still offers pictures first.
      expect(input().getAttribute('accept')).toBe('image/jpeg,image/png,.jpg,.jpeg,.png');
    },
    CLIENT_TEST_TIMEOUT_MS,
  );

  it(
    'is a button named «افزودن …», described by its text, and names each remove button by its file (probe helper-98)',
    async () => {
      renderZone();
      const zone = await screen.findByRole('button', { name: 'افزودن پیوست‌های تازه' });
      expect(zone.getAttribute('tabindex')).toBe('0');
      expect(zone.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(zone.getAttribute('aria-describedby')!)?.textContent).toBe('رها کنید');
      fireEvent.change(input(), {
        target: { files: [fileOf('نمودار.png', 'image/png', PNG), fileOf('عکس.jpg', 'image/jpeg', JPEG)] },
      });
      const remove = await screen.findByRole('button', { name: 'حذف پیوست نمودار.png' });
      expect(remove.getAttribute('title')).toBe('حذف پیوست نمودار.png');
      expect(screen.getByRole('button', { name: 'حذف پیوست عکس.jpg' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'حذف' })).toBeNull();
      // The first removed, the button left is named by the file it now removes.
      fireEvent.click(remove);
      await waitFor(() => expect(previews()).toHaveLength(1));
      expect(screen.getByRole('button', { name: 'حذف پیوست عکس.jpg' })).toBeTruthy();
    },
    CLIENT_TEST_TIMEOUT_MS,
  );

  it(
    'shows a waiting picture’s name (whole in its title) and size under its thumbnail',
    async () => {
      const longName = `${'گزارش-بسیار-بلند-'.repeat(6)}.png`;
      renderZone();
      fireEvent.change(input(), {
        target: {
          files: [
            fileOf('نمودار.png', 'image/png', PNG, 1.5 * 1024 * 1024),
            fileOf(longName, 'image/png', PNG, 320 * 1024),
          ],
        },
      });
      const name = await screen.findByText('نمودار.png');
      expect(name.getAttribute('title')).toBe('نمودار.png');
      expect(screen.getByText('۱٫۵ مگابایت')).toBeTruthy();
      const long = screen.getByText(longName);
      // Cut with an ellipsis on one line; the whole name in its title.
      expect(long.getAttribute('title')).toBe(longName);
      expect(long.className).toMatch(/noWrap/);
      expect(screen.getByText('۳۲۰ کیلوبایت')).toBeTruthy();
    },
    CLIENT_TEST_TIMEOUT_MS,
  );
});
