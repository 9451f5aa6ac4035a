// Letter templates: the upload must be a Word .docx by its content that a trial print fills
// naming only the documented tags, is kept in the file store, and is downloaded through
// template/download (token in the query, as the specification's links carry it) under a
// cleaned name ending in .docx. Public templates are the tenant's built-in ones:
// visible to all its users, never edited or deleted. Tenants never share templates.
import { fileNameAs } from '../../files/file-names';
import fs from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { template } from '../../../src/schemas/correspondence';
import { fail, UserError } from '../../http/answers';
import { attachmentDisposition } from '../../http/content-disposition';
import { userRoute } from '../../http/api-route';
import { field, isUploadedFile, type UploadedFile } from '../../http/fields';
import { builtInTemplateDocx } from '../../seed/correspondence-seed';
import { zipEntries } from '../../files/zip-package';
import { TEMPLATE_LIMITS, templateWithinLimits } from '../../files/template-limits';
import { megabytes } from '../../../src/shared/uploads';
import { groupDigits } from '../../../src/shared/persian-digits';
import { registerHooks } from '../hooks';
import { PoolBusy, PoolJobRefused } from '../../workers/worker-pool';
import type { FillInput } from '../../letters/print-fill';
import { shownTag } from '../../../src/shared/print-tags';
import { notFound } from '../service';
import type { Services } from '../../services';

export const TEMPLATE_FILES = 'templates';
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
// The same sentence the client shows beside a locked row: one copy, in the schema.
export const PUBLIC_TEMPLATE_LOCKED = template.lockedWhen!.reason;

const fileLabel = template.fields.file.meta.label;
/** Said by the form at the pick too (FieldInput), from the same schema. */
export const TEMPLATE_NOT_DOCX = template.fields.file.meta.acceptMessage;

export const TEMPLATE_TOO_LARGE = `${fileLabel} پس از باز شدن بیش از حد بزرگ است (متن سند تا ${megabytes(TEMPLATE_LIMITS.xmlBytes)}، روی هم تا ${megabytes(TEMPLATE_LIMITS.allBytes)} و در ${groupDigits(TEMPLATE_LIMITS.entries)} بخش یا کمتر)`;

/** A .docx is a zip (by its magic bytes) holding the Word package's main parts. */
export async function isDocx(data: Buffer): Promise<boolean> {
  const type = await fileTypeFromBuffer(data);
  if (!type || (type.mime !== DOCX_MIME && type.mime !== 'application/zip')) return false;
  const names = zipEntries(data)?.map((entry) => entry.name);
  return Boolean(names?.includes('[Content_Types].xml') && names.includes('word/document.xml'));
}

export const TEMPLATE_CANNOT_FILL = `${fileLabel} قابل استفاده نیست: متن سند Word آن یا برچسب‌هایش (مانند ${shownTag('{subject}')} یا ${shownTag('{#…}{/…}')}) نادرست است`;
const PRINTERS_BUSY = 'بررسی قالب اکنون ممکن نیست؛ چند لحظه دیگر دوباره تلاش کنید';

/** A 1×1 PNG: the trial's signature, so that a picture in a header is tried too. */
const TRIAL_PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A letter the upload is tried with: every tag filled, as a print fills them, and any
 *  tag not among the documented ones refused (print-fill.ts TEMPLATE_TAGS). */
const TRIAL_LETTER: Omit<FillInput, 'document'> = {
  picture: TRIAL_PICTURE,
  text: {
    subject: 'نامه آزمایشی',
    number: '۱',
    date: '۱۴۰۵/۰۹/۰۶',
    type: 'داخلی',
    sender: 'فرستنده',
    recipients: 'گیرنده',
    cc: '',
    signer: '',
    importedNumber: '',
    importedDate: '',
  },
  body: [{ kind: 'paragraph', inlines: [{ text: 'متن نامه', look: {} }], indent: 0 }],
  trial: true,
};

async function checkDocx(services: Services, file: UploadedFile) {
  if (!(await isDocx(file.data))) throw new UserError(TEMPLATE_NOT_DOCX);
  if (!templateWithinLimits(file.data)) throw new UserError(TEMPLATE_TOO_LARGE);
  // Filled once now, as a print would fill it (in the print workers): a template that
  // cannot be filled is refused here, not at every print.
  try {
    await services.printWorkers.run({ ...TRIAL_LETTER, document: file.data });
  } catch (error) {
    if (error instanceof PoolJobRefused) throw new UserError(error.message);
    throw new UserError(error instanceof PoolBusy ? PRINTERS_BUSY : TEMPLATE_CANNOT_FILL);
  }
}

/**
 * The name a template's file is listed and downloaded under: the uploaded name's last
 * part without hidden marks, its extension (whatever it was: .exe) replaced by .docx, the
 * document it is; the template's title when nothing of the name is left.
 */
export function displayName(name: string, title = ''): string {
  return fileNameAs(name, 'docx', fileNameAs(title, 'docx', 'template').replace(/\.docx$/, ''));
}

/** A template's document: its stored file, or for the built-in template (no stored file)
 *  the generated one; null when the stored file is gone. */
export async function templateDocument(
  services: Services,
  tenantId: number,
  storedName: string,
): Promise<Buffer | null> {
  if (!storedName) return builtInTemplateDocx();
  const file = services.files.pathOf(tenantId, TEMPLATE_FILES, storedName);
  return file ? fs.readFile(file).catch(() => null) : null;
}

registerHooks(template, {
  // The file in DATA_DIR/files/{tenant}/templates/; '' for the built-in (seeded, public)
  // template, whose document is generated in code.
  storage: { columns: { stored_name: `text NOT NULL DEFAULT ''` } },

  async beforeSave({ services, principal, mode, input, values, existing, afterCommit }) {
    if (existing?.is_public) throw new UserError(PUBLIC_TEMPLATE_LOCKED);
    const file = input[template.inputName('file')];
    if (!isUploadedFile(file)) {
      if (mode === 'create') throw new UserError(`${fileLabel} الزامی است`);
      return;
    }
    await checkDocx(services, file);
    values.file_name = displayName(file.filename, values.template_name ?? existing?.template_name);
    values.stored_name = await services.files.save(principal.tenantId, TEMPLATE_FILES, file.data, 'docx');
    // The replaced document goes once the new one is committed; a failed save keeps it.
    const replaced = existing?.stored_name ?? '';
    if (replaced) afterCommit(() => services.files.remove(principal.tenantId, TEMPLATE_FILES, replaced));
  },
  async beforeDelete({ services, principal, row, afterCommit }) {
    if (row.is_public) throw new UserError(PUBLIC_TEMPLATE_LOCKED);
    const stored = row.stored_name;
    if (stored) afterCommit(() => services.files.remove(principal.tenantId, TEMPLATE_FILES, stored));
  },
  routes(app, services) {
    const { db } = services;
    userRoute(app, services, {
      method: 'GET',
      path: `${template.name}/download`,
      // The template manager's, as every call of the resource but its lookup (probe
      // helper-65: a colleague without it downloaded any template's file).
      permission: template.permissionFor('list'),
      download: true,
      params: z.object({ templateId: field.int('شناسه قالب') }),
      handler: async ({ params, principal, reply }) => {
        const row = await db
          .selectFrom(template.table)
          .select(['file_name', 'stored_name', 'template_name'])
          .where('tenant_id', '=', principal.tenantId)
          .where('id', '=', params.templateId)
          .executeTakeFirst();
        const missing = () => reply.code(404).send(fail(notFound(template)));
        if (!row) return missing();
        const data = await templateDocument(services, principal.tenantId, row.stored_name);
        if (!data) return missing();
        return (
          reply
            .header('content-type', DOCX_MIME)
            // Named again: a name stored before names were cleaned may end in .exe.
            .header(
              'content-disposition',
              attachmentDisposition(displayName(row.file_name, row.template_name)),
            )
            .send(data)
        );
      },
    });
  },
});
