// Persian text normalisation, the same on client and server, for stored text and search
// phrases alike: Arabic ي/ك → ی/ک, Persian/Arabic digits → ASCII, diacritics, tatweel
// and zero-width characters dropped, runs of white space folded.
const ARABIC_TO_PERSIAN: Record<string, string> = {
  ي: 'ی',
  ى: 'ی',
  ك: 'ک',
  ة: 'ه',
  ۀ: 'ه',
  أ: 'ا',
  إ: 'ا',
  ٱ: 'ا',
};
const DIACRITICS = /[\u064B-\u065F\u0670\u0640]/g; // harakat, superscript alef, tatweel
const ZERO_WIDTH = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g; // ZWNJ, marks, BOM

export function toLatinDigits(text: string): string {
  return text
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
}

/** Names in the Persian alphabet's order (the database orders by code point: پ, چ, ژ, گ
 *  after ی). */
export const PERSIAN_ORDER = new Intl.Collator('fa');

export function normalizePersian(text: string): string {
  return toLatinDigits(text)
    .replace(/[يىكةۀأإٱ]/g, (ch) => ARABIC_TO_PERSIAN[ch] ?? ch)
    .replace(DIACRITICS, '')
    .replace(ZERO_WIDTH, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The form both a record's search text and a search phrase take: normalised and lower-case,
 *  so that the database matches them with a plain LIKE (cheaper than ILIKE) over a trigram index. */
export function searchKey(text: string): string {
  return normalizePersian(text).toLowerCase();
}

/**
 * The search text a record stores: its search key, then each of its words that a ZWNJ
 * joins, written as one (کتاب‌های → «کتاب های … کتابهای»). A phrase's key turns a ZWNJ
 * into a space, so whether a reader types the compound with a ZWNJ, a space or neither,
 * one of the two finds it.
 */
export function storedSearchKey(text: string): string {
  const key = searchKey(text);
  // Words found by splitting, not by a pattern around the ZWNJ: `\S*\u200c\S*` backtracks
  // over every long word, quadratic (4 s for a 40,000-letter word beside one ZWNJ).
  const joined = new Set(
    text
      .split(/\s+/)
      .filter((word) => word.includes('\u200c'))
      .map((word) => searchKey(word.replace(/\u200c/g, '')))
      .filter(Boolean),
  );
  return joined.size ? `${key} ${[...joined].join(' ')}` : key;
}

/** Marks that join, separate or orient letters but show nothing: ZWNJ, ZWJ, the
 *  direction marks, the word joiner and the byte-order mark. */
const INVISIBLE = /[\s\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** Whether a text shows anything: a required field holding only a ZWNJ is empty to a reader. */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE, '') !== '';
}

/** Light clean-up for text we store and show: Persian letters for Arabic look-alikes,
 *  trimmed, spaces folded — but the zero-width non-joiner stays, it is part of spelling. */
export function cleanPersianText(text: string): string {
  return text
    .replace(/[يىكةۀ]/g, (ch) => ARABIC_TO_PERSIAN[ch] ?? ch)
    .replace(/[ \t\r\n]+/g, ' ')
    .trim();
}

/**
 * A unique key's text (a numbering prefix, a customer code) as it is stored and compared:
 * digits of any script as Latin ones, compatibility forms as their plain letter or digit
 * (NFKC: «¹», «１», «𝟙» are 1), no direction marks, and no zero-width non-joiner where it
 * joins nothing (at the ends, beside a digit or a sign) — keys that read alike are one key.
 */
export function keyText(text: string): string {
  return toLatinDigits(text.normalize('NFKC'))
    .replace(/[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/\u200c+(?!\p{L})|(?<!\p{L})\u200c+/gu, '')
    .trim();
}
