// The name an uploaded file is kept and downloaded under (a template's, a letter's
// attachment): what the user called it, but never a name that reads or opens as something
// else — no folders, no hidden marks that turn its reading around (a right-to-left
// override: «‮xcod.exe» shows as «exe.docx»), nothing Windows refuses in a file name, and
// an extension that says what the file is.
import { persianLetters } from '../../src/shared/persian';

const HIDDEN_OR_FORBIDDEN = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF<>:"/\\|?*]/gu;
const LAST_EXTENSION = /\.[^.\s]{1,10}$/;

/** The name's last part, without hidden or forbidden characters, trailing dots and spaces,
 *  in Persian letters, at most `max` UTF-16 units long; '' when nothing is left. */
export function cleanFileName(name: string, max = 200): string {
  return cutAt(
    persianLetters(
      (name.split(/[\\/]/).pop() ?? '')
        .replace(HIDDEN_OR_FORBIDDEN, '')
        .replace(/[\s.]+$/, '')
        .trim(),
    ),
    max,
  );
}

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The text's first whole characters (grapheme clusters) that fit in `max` UTF-16 units: a
 *  plain `.slice` may cut an emoji in half and leave a lone surrogate («a…a\uD83D.png»). */
function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = 0;
  for (const { segment } of GRAPHEMES.segment(text)) {
    if (cut + segment.length > max) break;
    cut += segment.length;
  }
  return text.slice(0, cut);
}

/**
 * The cleaned name ending as the file it is (`ext`): an extension `kept` matches stays as
 * written (`نامه.JPG`); any other is replaced («invoice.html» holding a PNG is
 * «invoice.png»; «scan.png.html», «scan.png»); none is added. `fallback` names a file whose
 * name leaves nothing but its extension.
 */
export function fileNameAs(name: string, ext: string, fallback: string, kept?: RegExp): string {
  const clean = cleanFileName(name);
  const base = clean.replace(LAST_EXTENSION, '').replace(/[\s.]+$/, '');
  // «.png» alone (what «a/.png» leaves) is an extension without a name: the fallback's.
  if (base && kept?.test(clean)) return clean;
  if (base && kept?.test(base)) return base;
  return `${base || fallback}.${ext}`;
}
