// message/docx: the letter printed into a Word template. The letter, the template and the
// signature are read here; the filling (print-fill.ts, its tags listed there) runs in a
// worker thread, so a large template holds neither the other calls nor, past its memory
// limit, the server. The signature printed is the picture the signer had when signing
// (keepSignature), not whatever picture they have now.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UserError } from '../http/answers';
import { fileNameAs } from '../files/file-names';
import { pictureOf } from '../files/picture-size';
import { SIGNATURE_PICTURES } from '../account/routes';
import { formatJalali } from '../../src/shared/jalali';
import { toPersianDigits } from '../../src/shared/persian-digits';
import { templateDocument } from '../masterdata/resource-hooks/template';
import { createWorkerPool, PoolBusy, PoolJobRefused, type WorkerPool } from '../workers/worker-pool';
import type { Services } from '../services';
import { requireLetter, type Message, type Viewer } from './access';
import { bodyBlocks } from './body';
import { EVENT, messageTypeString } from './constants';
import { recordEvent } from './events';
import type { LettersDb, LettersTrx } from './schema';
import { displayNumber } from './search';
import type { FillInput } from './print-fill';
import { letterChange } from './transaction';

export type PrintWorkers = WorkerPool<FillInput, Uint8Array>;

/**
 * The workers that fill templates: two at most (a third core would be taken from the
 * server and the database), a fill stopped after 30 s, each worker's heap capped at
 * 1 GB — the largest template the limits let in needs about 350 MB.
 */
export function createPrintWorkers(): PrintWorkers {
  return createWorkerPool({
    entry: new URL('./print-worker.ts', import.meta.url),
    size: Math.min(2, os.availableParallelism()),
    timeoutMs: 30_000,
    maxQueue: 20,
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
  });
}

/** Signature pictures as they were when letters were signed, named by their content: a
 *  user's picture is replaced (and its file deleted) by a later upload, the copy is not. */
export const SIGNED_PICTURES = 'lettersign';

async function readPicture(services: Services, tenantId: number, area: string, name: string) {
  const file = name ? services.files.pathOf(tenantId, area, name) : null;
  return file ? fs.readFile(file).catch(() => null) : null;
}

/**
 * Copies the signer's current signature picture to SIGNED_PICTURES and answers the copy's
 * name ('' when they have none), for the letter's `signed_pic` (actions.ts signLetter).
 * The same picture is one file however many letters it signs; writing it again (a retried
 * transaction) changes nothing, and a print never reads a half-written copy.
 */
export async function keepSignature(services: Services, trx: LettersTrx, tenantId: number, userId: number) {
  const user = await trx
    .selectFrom('users')
    .select('sign_pic')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst();
  const data = await readPicture(services, tenantId, SIGNATURE_PICTURES, user?.sign_pic ?? '');
  if (!data) return '';
  const ext = (user!.sign_pic.split('.').pop() ?? '').toLowerCase();
  const name = `${crypto.createHash('sha256').update(data).digest('hex').slice(0, 40)}.${ext}`;
  const file = services.files.pathOf(tenantId, SIGNED_PICTURES, name);
  if (!file) return '';
  await fs.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${crypto.randomBytes(6).toString('hex')}.partial`;
  await fs.writeFile(partial, data);
  await fs.rename(partial, file);
  return name;
}

/** The picture a signed letter prints: the copy taken at signing; for a letter signed
 *  before copies were kept (signed_pic null), the signer's picture now. */
async function signaturePicture(services: Services, tenantId: number, message: Message, signPic: string) {
  if (message.signed_pic !== null)
    return readPicture(services, tenantId, SIGNED_PICTURES, message.signed_pic);
  return readPicture(services, tenantId, SIGNATURE_PICTURES, signPic);
}

/** An incoming letter's own number and date, as its sender wrote them. */
const importedText = (message: Message) => ({
  importedNumber: toPersianDigits(message.imported_msg_number ?? ''),
  importedDate: message.imported_msg_date ? toPersianDigits(formatJalali(message.imported_msg_date)) : '',
});

export const TEMPLATE_UNUSABLE = 'قالب انتخاب‌شده قابل استفاده نیست';
export const PRINT_BUSY = 'چاپ نامه‌ها اکنون بیش از حد شلوغ است؛ چند لحظه دیگر دوباره تلاش کنید';

/**
 * The name a printed letter is saved under: its registry number in Persian digits, as the
 * screen and the document name it; a letter without one has no number to give (its id is
 * no registry number). A number's prefix is whatever the tenant typed («الف۱/», «../»,
 * «نامه:»): its slashes read as separators, not folders, and the name is cleaned as an
 * uploaded file's is.
 */
function printedName(message: Message): string {
  const number = displayNumber(message);
  if (!number) return 'نامه بدون شماره.docx';
  return fileNameAs(`نامه ${toPersianDigits(number).replace(/[\\/]/g, '-')}.docx`, 'docx', 'نامه');
}

/** The letter the viewer may read and the tenant's template it is printed into. */
async function printed(services: Services, viewer: Viewer, id: number, templateId: number) {
  const db = services.db as unknown as LettersDb;
  const { message } = await requireLetter(db, viewer, id);
  const template = await db
    .selectFrom('templates')
    .select(['stored_name'])
    .where('tenant_id', '=', viewer.tenantId)
    .where('id', '=', templateId)
    .executeTakeFirst();
  if (!template) throw new UserError('قالب نامه یافت نشد');
  return { db, message, template };
}

/** What a HEAD of message/docx answers: the name a print would have, checked as a print
 *  is, without filling the template or recording an event. */
export async function printLetterName(services: Services, viewer: Viewer, id: number, templateId: number) {
  return printedName((await printed(services, viewer, id, templateId)).message);
}

/** The printed letter (a .docx) and the name to save it under; records a print event. */
export async function printLetter(services: Services, viewer: Viewer, id: number, templateId: number) {
  const { db, message, template } = await printed(services, viewer, id, templateId);
  const document = await templateDocument(services, viewer.tenantId, template.stored_name);
  if (!document) throw new UserError('قالب نامه یافت نشد');
  const signer = message.signed_by
    ? await db
        .selectFrom('users')
        .select(['first_name', 'last_name', 'sign_pic'])
        .where('tenant_id', '=', viewer.tenantId)
        .where('id', '=', message.signed_by)
        .executeTakeFirst()
    : undefined;
  const picture = signer ? await signaturePicture(services, viewer.tenantId, message, signer.sign_pic) : null;
  // A picture whose size cannot be read prints as no picture (the fill needs its size);
  // the upload refuses one now (account/routes.ts), but one stored before may remain.
  if (picture && !pictureOf(picture))
    services.log.warn(
      { messageId: id, signedBy: message.signed_by },
      'a signature picture could not be read: the letter prints without it',
    );
  const job: FillInput = {
    document,
    picture,
    text: {
      subject: message.subject,
      // Digits as a Persian reader reads them.
      number: toPersianDigits(displayNumber(message)),
      date: toPersianDigits(formatJalali(message.sent_at ?? message.created_at)),
      type: messageTypeString(message.message_type_fk),
      sender: message.message_from ?? '',
      recipients: message.message_to ?? '',
      cc: message.message_cc ?? '',
      signer: signer ? `${signer.first_name} ${signer.last_name}`.trim() : '',
      ...importedText(message),
    },
    body: bodyBlocks(message.message_body),
  };
  let filled: Uint8Array;
  try {
    filled = await services.printWorkers.run(job);
  } catch (error) {
    if (error instanceof PoolBusy) throw new UserError(PRINT_BUSY);
    // The fill's own reason, in Persian: a malformed part, a body too long for the template.
    if (error instanceof PoolJobRefused) throw new UserError(error.message);
    // At warn: a template's own fault reads the same to the user as a worker that could not
    // start (a server fault), and only the log tells them apart.
    services.log.warn(
      { templateId, reason: (error as Error).message },
      'a letter template could not be filled',
    );
    throw new UserError(TEMPLATE_UNUSABLE);
  }
  const output = Buffer.from(filled.buffer, filled.byteOffset, filled.byteLength);
  await letterChange(services, (trx) => recordEvent(trx, viewer.tenantId, id, EVENT.print, viewer.userId));
  return { data: output, fileName: printedName(message) };
}
