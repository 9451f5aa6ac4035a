// The letters' calls (spec 1 §7 "Letters" and the favourite contacts of "Home"). Each is
// open to users with the cartable (Messages) or all letters (AllMessages); what a user
// may do with one letter is decided by the letter (access.ts, spec 1 §4). Refusals answer
// status 0 with the reason in `message` and, on the calls the specification spells so
// (save, forward, sign, removesign, delete), in `messge` too.
import fs from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { fail, listAnswer, ok, UserError } from '../http/answers';
import { userRoute } from '../http/api-route';
import { registerUsage } from '../masterdata/catalogue';
import { attachmentDisposition } from '../http/content-disposition';
import { DOCX_MIME } from '../masterdata/resource-hooks/template';
import type { Services } from '../services';
import { requireLetter } from './access';
import {
  deleteLetter,
  fileInFolder,
  removeSignature,
  signLetter,
  unfileFromFolder,
  type FolderKind,
} from './actions';
import { ATTACHMENT_AREA } from './attachments';
import { REFUSED, type PageType } from './constants';
import './counters';
import { hiddenOnLetter, letterDetail } from './detail';
import { favoritePersons, saveFavoritePersons } from './favorite-persons';
import { releaseUnreachableFilings } from './folder-filings';
import { forwardLetter } from './forward';
import { listLetters, pageTypeOf } from './lists';
import {
  deleteParams,
  downloadParams,
  favoritePersonsParams,
  archiveParams,
  favoriteParams,
  forwardParams,
  getParams,
  idParams,
  signParams,
  listParams,
  printParams,
  saveParams,
} from './params';
import { printLetter, printLetterName } from './print';
import { saveLetter } from './save';
import type { LettersDb } from './schema';
import { LETTER_PERMISSIONS } from '../../src/shared/permissions';

const LETTER_USERS = [...LETTER_PERMISSIONS];

/** A file call's refusal: 404 for what is not there (or not the user's), else status 0. */
async function sendingFile(reply: FastifyReply, work: () => Promise<FastifyReply>) {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    const missing = error.message === REFUSED.notFound || error.message.endsWith('یافت نشد');
    return reply.code(missing ? 404 : 200).send(fail(error.message));
  }
}

const IMAGE_MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

export function registerLetterRoutes(app: FastifyInstance, services: Services) {
  const db = services.db as unknown as LettersDb;

  userRoute(app, services, {
    method: 'GET',
    path: 'message/list',
    permission: LETTER_USERS,
    params: listParams,
    handler: async ({ params, principal }) => {
      const { records, total, capped } = await listLetters(services, principal, params);
      return listAnswer(records, total, 'totalCount', capped);
    },
  });

  userRoute(app, services, {
    method: 'GET',
    path: 'message/get',
    permission: LETTER_USERS,
    params: getParams,
    handler: async ({ params, principal }) => {
      const detail = await letterDetail(services, principal, params.Id);
      return detail ? ok(detail) : fail(REFUSED.notFound);
    },
  });

  userRoute(app, services, {
    method: 'POST',
    path: 'message/save',
    permission: LETTER_USERS,
    params: saveParams,
    spelling: 'both',
    handler: async ({ params, principal }) =>
      ok({ id: await saveLetter(services, principal, params) }, 'both'),
  });

  userRoute(app, services, {
    method: 'POST',
    path: 'message/forward',
    permission: LETTER_USERS,
    params: forwardParams,
    spelling: 'both',
    handler: async ({ params, principal }) =>
      ok({ id: await forwardLetter(services, principal, params) }, 'both'),
  });

  // A draft's signature, by the letter's id; refused in both spellings.
  userRoute(app, services, {
    method: 'POST',
    path: 'message/sign',
    permission: LETTER_USERS,
    params: signParams,
    spelling: 'both',
    handler: async ({ params, principal }) => {
      await signLetter(services, principal, params.Id, params.EditVersion);
      return ok(undefined, 'both');
    },
  });
  userRoute(app, services, {
    method: 'POST',
    path: 'message/removesign',
    permission: LETTER_USERS,
    params: idParams,
    spelling: 'both',
    handler: async ({ params, principal }) => {
      await removeSignature(services, principal, params.Id);
      return ok(undefined, 'both');
    },
  });

  userRoute(app, services, {
    method: ['PUT', 'POST'],
    path: 'message/setarchive',
    permission: LETTER_USERS,
    params: archiveParams,
    handler: async ({ params, principal }) => {
      await fileInFolder(services, principal, params.MessageId, 'archive', params.ArchiveId);
      return ok();
    },
  });

  userRoute(app, services, {
    method: ['PUT', 'POST'],
    path: 'message/setfavorite',
    permission: LETTER_USERS,
    params: favoriteParams,
    handler: async ({ params, principal }) => {
      await fileInFolder(services, principal, params.MessageId, 'favorite', params.FavoriteId);
      return ok();
    },
  });

  userRoute(app, services, {
    method: ['DELETE', 'POST'],
    path: 'message/delete',
    permission: LETTER_USERS,
    params: deleteParams,
    spelling: 'both',
    handler: async ({ params, principal }) => {
      // From a folder's list the row's delete takes the letter out of that folder, for this
      // user only; anywhere else it deletes the letter (for everyone, under §4's rule).
      // The page is read as the lists read it (any case; unknown refused, none a delete): a
      // misspelt folder page must not delete the letter for everyone.
      const folder = FOLDER_PAGES[pageTypeOf(params.PageType ?? '')];
      const folderId = params.TypeNumber ?? 0;
      // A folder without its page (PageType misspelt as a key, or left out) meant a folder:
      // not taken as a delete for everyone.
      // (0 is the spec's screens' «no folder», sent with every delete.)
      if (!folder && params.TypeNumber !== undefined && params.TypeNumber !== 0)
        throw new UserError('شماره پوشه فقط با نوع صفحه بایگانی یا دلخواه فرستاده می‌شود');
      if (folder) await unfileFromFolder(services, principal, params.Id, folder, folderId);
      else await deleteLetter(services, principal, params.Id);
      return ok(undefined, 'both');
    },
  });

  userRoute(app, services, {
    method: 'GET',
    path: 'message/download',
    permission: LETTER_USERS,
    download: true,
    params: downloadParams,
    handler: ({ params, principal, reply }) =>
      sendingFile(reply, async () => {
        const attachment = await db
          .selectFrom('message_attachments')
          .select(['message_id', 'file_name', 'stored_name', 'created_by'])
          .where('tenant_id', '=', principal.tenantId)
          .where('id', '=', params.AttachmentId)
          .executeTakeFirst();
        if (!attachment) throw new UserError(REFUSED.notFound);
        const { message } = await requireLetter(db, principal, attachment.message_id);
        // A hidden blind copy's attachment is not in this viewer's letter: as if it did not exist.
        if (await hiddenOnLetter(db, principal, message, attachment.created_by))
          throw new UserError(REFUSED.notFound);
        const file = services.files.pathOf(principal.tenantId, ATTACHMENT_AREA, attachment.stored_name);
        const data = file ? await fs.readFile(file).catch(() => null) : null;
        if (!data) throw new UserError(REFUSED.notFound);
        const ext = attachment.stored_name.split('.').pop() ?? '';
        return reply
          .header('content-type', IMAGE_MIME[ext] ?? 'application/octet-stream')
          .header('content-disposition', attachmentDisposition(attachment.file_name))
          .header('x-content-type-options', 'nosniff')
          .send(data);
      }),
  });

  userRoute(app, services, {
    method: 'GET',
    path: 'message/docx',
    permission: LETTER_USERS,
    download: true,
    params: printParams,
    handler: ({ params, principal, reply, request }) =>
      sendingFile(reply, async () => {
        // Fastify answers a HEAD with the GET's handler: checked as a print is, but
        // neither filled nor recorded as a print.
        if (request.method === 'HEAD') {
          const fileName = await printLetterName(services, principal, params.id, params.templateId);
          return reply
            .header('content-type', DOCX_MIME)
            .header('content-disposition', attachmentDisposition(fileName))
            .send();
        }
        const printed = await printLetter(services, principal, params.id, params.templateId);
        return reply
          .header('content-type', DOCX_MIME)
          .header('content-disposition', attachmentDisposition(printed.fileName))
          .send(printed.data);
      }),
  });

  userRoute(app, services, {
    method: 'POST',
    path: 'person/savefavoritepersons',
    permission: LETTER_USERS,
    params: favoritePersonsParams,
    handler: async ({ params, principal }) => {
      await saveFavoritePersons(services, principal, params.Persons ?? []);
      return ok();
    },
  });

  userRoute(app, services, {
    method: 'GET',
    path: 'person/getfavoritepersons',
    permission: LETTER_USERS,
    params: z.object({}),
    handler: async ({ principal }) => {
      const records = await favoritePersons(services, principal);
      return ok({ records, persons: records.map((person) => person.id) });
    },
  });
}

const FOLDER_PAGES: Partial<Record<PageType, FolderKind>> = { Archive: 'archive', Favorite: 'favorite' };

// Master data the letters name is not deleted while they do (the engine's delete guard).
// A folder is kept only by filings their filer can still reach: the others are cleared
// by its delete (folder-filings.ts).
const LETTERS_TITLE = 'نامه‌ها';
for (const [target, table, column] of [
  ['andikator', 'messages', 'andikator_fk'],
  ['reciveMethod', 'messages', 'recive_method_fk'],
  ['customer', 'messages', 'from_customer_fk'],
  ['customer', 'message_customers', 'customer_id'],
] as const)
  registerUsage({ target, title: LETTERS_TITLE, table, column });
for (const [target, column] of [
  ['archive', 'archive_fk'],
  ['favorite', 'favorite_fk'],
] as const)
  registerUsage({
    target,
    title: LETTERS_TITLE,
    table: 'message_boxes',
    column,
    release: (trx, tenantId, id) => releaseUnreachableFilings(trx, target, tenantId, id),
  });
