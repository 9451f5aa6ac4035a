// A call that reports upload progress, which fetch cannot do: the same rules as
// src/api/http.ts (bearer token, Language 0, a 401/403 logs out) over XMLHttpRequest.
// Multipart for files (account pictures), or JSON for the specification's base64
// uploads (a resource's picture to `{entity}/fileuploader`).
import {
  CONNECTION_FAILED,
  HttpError,
  isSessionRefusal,
  sessionEnded,
  toFormData,
  type ApiAnswer,
} from './http';
import { getToken } from './session';

export type Progress = (fraction: number) => void;

/** Said when the user stops an upload (its `signal` aborted). */
export const UPLOAD_CANCELLED = 'بارگذاری لغو شد';

export function uploadWithProgress<T extends ApiAnswer = ApiAnswer>(
  path: string,
  params: Record<string, unknown>,
  method: 'POST' | 'PUT',
  onProgress: Progress,
  encoding: 'multipart' | 'json' = 'multipart',
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new HttpError(0, UPLOAD_CANCELLED));
    const xhr = new XMLHttpRequest();
    // Said at once: the request is dropped whether or not its abort event comes.
    const cancelled = () => reject(new HttpError(0, UPLOAD_CANCELLED));
    signal?.addEventListener(
      'abort',
      () => {
        xhr.abort();
        cancelled();
      },
      { once: true },
    );
    xhr.onabort = cancelled;
    xhr.open(method, `/api/${path.replace(/^\/+/, '')}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onerror = () => reject(new HttpError(0, CONNECTION_FAILED));
    xhr.onload = () => {
      if (isSessionRefusal(xhr.status)) {
        reject(sessionEnded(xhr.status, token));
        return;
      }
      const body = parseJson(xhr.responseText) as T;
      if (xhr.status >= 400 && body.status === undefined)
        reject(new HttpError(xhr.status, body.message ?? CONNECTION_FAILED));
      else resolve(body);
    };
    if (encoding === 'json') {
      xhr.setRequestHeader('Content-Type', 'application/json');
      xhr.send(JSON.stringify({ Language: 0, ...params }));
    } else xhr.send(toFormData(params));
  });
}

function parseJson(text: string): ApiAnswer {
  try {
    return JSON.parse(text) as ApiAnswer;
  } catch {
    return {};
  }
}
