// Letter attachments: jpg/jpeg/png only, told by their bytes (file-type), not by their
// names; at most 2 MB each. Files are written before the letter's transaction and removed
// again if it fails; a refused upload writes nothing.
import { fileTypeFromBuffer } from 'file-type';
import { UserError } from '../http/answers';
import { cleanFileName, fileNameAs } from '../files/file-names';
import type { UploadedFile } from '../http/fields';
import {
  attachmentLabel,
  imageTooLargeMessage,
  MAX_IMAGE_BYTES,
  notALetterImageMessage,
} from '../../src/shared/uploads';
import type { Services } from '../services';
import type { Message } from './access';
import type { LettersTrx } from './schema';

export const ATTACHMENT_AREA = 'letters';
const LETTER_IMAGE_TYPES = new Set(['image/png', 'image/jpeg']);

export interface CheckedFile {
  file: UploadedFile;
  ext: string;
}

export interface StoredFile {
  fileName: string;
  storedName: string;
  size: number;
}

const IMAGE_EXTENSION = /\.(jpe?g|png)$/i;

/** The name it is kept and downloaded under ends as the image it is: «invoice.html» holding a
 *  PNG's bytes is kept as «invoice.png», so a recipient's computer opens it as an image (as
 *  HTML, it would run what follows the image's bytes). An image's own extension stays. */
export const imageFileName = (name: string, ext: string) =>
  fileNameAs(name, ext, 'attachment', IMAGE_EXTENSION);

export async function checkAttachments(files: UploadedFile[]): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const label = attachmentLabel(cleanFileName(file.filename) || 'attachment');
    if (file.data.length > MAX_IMAGE_BYTES) throw new UserError(imageTooLargeMessage(label));
    const type = await fileTypeFromBuffer(file.data);
    if (!type || !LETTER_IMAGE_TYPES.has(type.mime)) throw new UserError(notALetterImageMessage(label));
    checked.push({ file, ext: type.ext });
  }
  return checked;
}

/** Writes the files; if `work` fails they are removed again. */
export async function withStoredFiles<T>(
  services: Services,
  tenantId: number,
  checked: CheckedFile[],
  work: (stored: StoredFile[]) => Promise<T>,
): Promise<T> {
  const stored: StoredFile[] = [];
  try {
    for (const { file, ext } of checked) {
      const storedName = await services.files.save(tenantId, ATTACHMENT_AREA, file.data, ext);
      stored.push({
        fileName: imageFileName(file.filename, ext),
        storedName,
        size: file.data.length,
      });
    }
    return await work(stored);
  } catch (error) {
    for (const file of stored) await services.files.remove(tenantId, ATTACHMENT_AREA, file.storedName);
    throw error;
  }
}

export async function recordAttachments(
  trx: LettersTrx,
  message: Message,
  userId: number,
  stored: StoredFile[],
  comment = '',
) {
  if (!stored.length) return;
  await trx
    .insertInto('message_attachments')
    .values(
      stored.map((file) => ({
        tenant_id: message.tenant_id,
        message_id: message.id,
        file_name: file.fileName,
        stored_name: file.storedName,
        size: file.size,
        comment,
        created_by: userId,
      })),
    )
    .execute();
  await trx
    .updateTable('messages')
    .set((eb) => ({ attachment_count: eb('attachment_count', '+', stored.length) }))
    .where('tenant_id', '=', message.tenant_id)
    .where('id', '=', message.id)
    .execute();
}
