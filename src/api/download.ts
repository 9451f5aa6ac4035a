// Files the server sends (a printed letter, a template, an attachment) are fetched, then
// saved from memory under the name the server gives: a refusal — status 0 with its Persian
// message, or a 404 «… یافت نشد» — comes as JSON and is shown, where a link opened blindly
// saved it as the file («docx.json») and looked done. Same rules as http.ts: the bearer
// token in a header (never in a URL), a 401/403 logs out.
import {
  answerMessage,
  CONNECTION_FAILED,
  HttpError,
  isSessionRefusal,
  sessionEnded,
  type ApiAnswer,
} from './http';
import { getToken } from './session';

/** null while the server is still making the file; then the share of it received (0…1). */
export type DownloadProgress = (received: number | null) => void;

export const DOWNLOAD_FAILED = 'دریافت فایل ممکن نشد';

/** The name in a Content-Disposition: RFC 5987's `filename*` (Persian names), else `filename`. */
export function fileNameOf(disposition: string | null): string {
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition ?? '')?.[1]?.trim() || 'file';
}

/** The refusal's Persian message, whatever the status it came with. */
async function refusal(response: Response): Promise<string> {
  const answer = (await response.json().catch(() => ({}))) as ApiAnswer;
  return answerMessage(answer) || DOWNLOAD_FAILED;
}

/** The body, read a piece at a time so that the share received can be shown. */
async function readBody(response: Response, onProgress?: DownloadProgress): Promise<Blob> {
  const type = response.headers.get('content-type') ?? '';
  const total = Number(response.headers.get('content-length')) || 0;
  if (!response.body || !onProgress) return response.blob();
  const reader = response.body.getReader();
  const pieces: Uint8Array[] = [];
  let received = 0;
  onProgress(total ? 0 : null);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pieces.push(value);
    received += value.byteLength;
    if (total) onProgress(Math.min(1, received / total));
  }
  return new Blob(pieces as BlobPart[], { type });
}

/** Hands the file to the browser to save, then lets its memory go. */
export function saveFile(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob when the save starts, not at the click.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Fetches `/api/…` (a file-sending call) and saves the file; throws the server's Persian
 *  message when it sends none. */
export async function downloadFile(url: string, onProgress?: DownloadProgress): Promise<void> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  onProgress?.(null);
  const response = await fetch(url, { headers }).catch(() => {
    throw new HttpError(0, CONNECTION_FAILED);
  });
  if (isSessionRefusal(response.status)) throw sessionEnded(response.status, token);
  const json = (response.headers.get('content-type') ?? '').includes('application/json');
  if (json || !response.ok) throw new HttpError(response.status, await refusal(response));
  saveFile(await readBody(response, onProgress), fileNameOf(response.headers.get('content-disposition')));
}
