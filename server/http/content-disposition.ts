// Content-Disposition for a file sent to be saved: an ASCII fallback name for old
// clients and the real (often Persian) name as RFC 5987 `filename*=UTF-8''…`.
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(fileName)}`;
}

/** RFC 5987's value-chars: encodeURIComponent leaves `'()*!` as they are, but `'` is the
 *  charset/language separator and `()*` are not attr-chars, so Chromium drops the whole
 *  `filename*` of «نامه 'مهم'.png» and saves «___ '___'.png». `!` is an attr-char, but
 *  is escaped as well to be safe. */
function rfc5987(text: string): string {
  return encodeURIComponent(text).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
