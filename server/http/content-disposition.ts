// Content-Disposition for a file sent to be saved: an ASCII fallback name for old
// clients and the real (often Persian) name as RFC 5987 `filename*=UTF-8''…`.
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
