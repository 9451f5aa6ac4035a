// Uploaded files live under DATA_DIR/files/{tenant}/{area}/ with random names; their
// type is checked by content (magic bytes), never by the name the client sent.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { UserError } from '../http/answers';
import type { UploadedFile } from '../http/fields';
import { imageTooLargeMessage, MAX_IMAGE_BYTES } from '../../src/shared/uploads';

export const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export function createFileStore(dataDir: string) {
  const root = path.join(dataDir, 'files');
  const areaDir = (tenantId: number, area: string) => path.join(root, String(tenantId), area);
  const safeName = (name: string) => /^[A-Za-z0-9_-]+\.[a-z0-9]+$/.test(name);

  return {
    /** Checks the upload is an image by its bytes; answers the Persian reason if not. */
    async checkImage(file: UploadedFile, label: string): Promise<string> {
      if (file.data.length > MAX_IMAGE_BYTES) throw new UserError(imageTooLargeMessage(label));
      const type = await fileTypeFromBuffer(file.data);
      if (!type || !IMAGE_TYPES.has(type.mime))
        throw new UserError(`${label} باید یک تصویر (png، jpg، gif یا webp) باشد`);
      return type.ext;
    },
    async save(tenantId: number, area: string, data: Buffer, ext: string): Promise<string> {
      const dir = areaDir(tenantId, area);
      await fs.mkdir(dir, { recursive: true });
      const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
      await fs.writeFile(path.join(dir, name), data);
      return name;
    },
    async remove(tenantId: number, area: string, name: string) {
      if (safeName(name)) await fs.rm(path.join(areaDir(tenantId, area), name), { force: true });
    },
    /** Absolute path of a stored file, or null if the name is not one of ours. */
    pathOf(tenantId: number, area: string, name: string): string | null {
      return safeName(name) ? path.join(areaDir(tenantId, area), name) : null;
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
