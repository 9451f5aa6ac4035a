// Persian text normalisation, the same on client and server, for stored text and search
// phrases alike: compatibility forms as their plain letter (NFKC: a presentation form «ﻫ» is
// «ه»), Arabic ي/ك → ی/ک, Persian/Arabic digits and the signs written with them (٪ ٫ ٬) →
// ASCII, every dash and minus → «-», every slash → «/», diacritics, tatweel and marks that show
// nothing dropped, zero-width and direction marks read as a space, runs of white space folded;
// a search (not a key) also reads a hamza's seat and the madda as the plain letter (ؤ ئ آ).
const ARABIC_TO_PERSIAN: Record<string, string> = {
  ي: 'ی',
  ى: 'ی',
  ك: 'ک',
  ة: 'ه',
  ۀ: 'ه',
  ە: 'ه',
  أ: 'ا',
  إ: 'ا',
  ٱ: 'ا',
};
const ARABIC_LETTERS = /[يىكةۀەأإٱ]/g;
const DIACRITICS = /[\u064B-\u065F\u0670\u0640]/g; // harakat, superscript alef, tatweel
const ZERO_WIDTH = /[\u061C\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g; // ZWNJ, marks, BOM
/** Marks that show nothing and part no word, read as nothing: the soft hyphen, the Mongolian
 *  vowel separator, the word joiner and the invisible operators, the combining grapheme
 *  joiner (apart: a combining mark in a class misleads). «قراردادها\u2060» is «قراردادها». */
const UNSEEN = /[\u00AD\u180E\u2060-\u2064]|\u034F/g;

export function toLatinDigits(text: string): string {
  return text
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
}

/** Names in the Persian alphabet's order (the database orders by code point: پ, چ, ژ, گ
 *  after ی), numbers within them by value: «پوشه ۹» before «پوشه ۸۹». */
export const PERSIAN_ORDER = new Intl.Collator('fa', { numeric: true });

/** The percent sign, decimal and thousands separators a Persian keyboard writes beside its
 *  digits (Shift+5 is ٪): «۵۰٪» is «50%», as its digits are. Migration 0027 folds the texts
 *  stored before. */
const DIGIT_SIGNS: Record<string, string> = { '٪': '%', '٫': '.', '٬': ',' };

/** The characters drawn as a hyphen or a dash, read as «-» in a key and a search: the Armenian and
 *  Hebrew hyphens, the Mongolian one, the dashes U+2010–U+2015 (figure, en, em, the bar),
 *  the hyphen bullet, the minus signs (U+2212, U+02D7, the heavy ➖), the horizontal line
 *  pieces (⎯ ─ ━) and the two- and three-em dashes. Their compatibility forms (the small,
 *  full-width and vertical ones, U+FE58, U+FE63, U+FF0D, U+FE31, the super- and subscript
 *  minus) are these or «-» after NFKC. Migration 0034 names the same. */
const DASHES =
  /[\u02D7\u058A\u05BE\u1806\u2010-\u2015\u2043\u2212\u2796\u23AF\u2500\u2501\u2E3A\u2E3B\uFE58\uFE63\uFF0D]/g;

/** The characters drawn as a slash (Unicode's confusables of «/»: the fraction and division
 *  slashes, the big solidus, the box-drawing diagonal, the full-width one, the combining
 *  overlays…). A folder's title may hold none (src/schemas/correspondence.ts); a key and a
 *  search read each as «/» — the double and triple solidus as «//» and «///», as they are
 *  drawn — so «صق∕», «صق⁄» and «صق╱» are the key «صق/». Migrations 0037 (keys) and 0038
 *  (search texts) name the same. */
const SLASH_CLASS =
  '[/\\u2044\\u2215\\u2571\\u27CB\\u29F8\\u2AFB\\u2AFD\\u3033\\uFF0F\\u{1D23A}\\u{1F67C}]|\\u0337|\\u0338';
/** Whether a text holds a slash (no `g`: `test` keeps no place between calls). */
export const SLASH = new RegExp(SLASH_CLASS, 'u');
const SLASHES = new RegExp(SLASH_CLASS, 'gu');
const SLASH_READS: Record<string, string> = { '\u2AFB': '///', '\u2AFD': '//' };
const foldSlashes = (text: string) => text.replace(SLASHES, (ch) => SLASH_READS[ch] ?? '/');

/** A hamza on its seat and the madda, read in a search as the seat's plain letter: «موسسه»
 *  finds «مؤسسه», «پاییز» «پائیز», «امل» «آمل» (أ إ ٱ are ا already, keys too). Not in a
 *  key: «آ-» and «ا-» are two prefixes. After NFKC, which composes «ا» and a madda (U+0653)
 *  into «آ». */
const SEATS: Record<string, string> = { ؤ: 'و', ئ: 'ی', آ: 'ا' };

/** Migration 0035 folds the search texts stored before NFKC and UNSEEN were added, 0036 those
 *  stored before every dash was read as «-» (a phrase «CX–300» typed with an en dash finds the
 *  code «CX-300», «۱۴۰۰-۱۴۰۵» finds «۱۴۰۰–۱۴۰۵»), 0038 those stored before every slash was
 *  read as «/» and a seat as its letter. */
export function normalizePersian(text: string): string {
  return foldSlashes(toLatinDigits(text.normalize('NFKC')))
    .replace(ARABIC_LETTERS, (ch) => ARABIC_TO_PERSIAN[ch] ?? ch)
    .replace(/[ؤئآ]/g, (ch) => SEATS[ch] ?? ch)
    .replace(/[٪٫٬]/g, (ch) => DIGIT_SIGNS[ch] ?? ch)
    .replace(DASHES, '-')
    .replace(DIACRITICS, '')
    .replace(UNSEEN, '')
    .replace(ZERO_WIDTH, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a word is made of, spelt out rather than \p{L} (the database's regex classes follow
 *  its locale): Latin letters and digits (a key is lower case), Arabic and Persian letters. */
const LETTER = '[a-z0-9\\u0621-\\u064a\\u067e\\u0686\\u0698\\u06a9\\u06af\\u06cc]';
/** A verb's prefix written as its own word («می شود», «نمی توان», «بی نام»): joined to the
 *  word after it. */
const PREFIX_WORD = new RegExp(`(?<!${LETTER})(ن?می|بی) (?=${LETTER})`, 'g');
/** A plural, comparative or indefinite ending written as its own word («نامه ها», «بیش تر»,
 *  «نامه ای», «رفته اند»): joined to the word before it. */
const SUFFIX_WORD = new RegExp(
  `(?<=${LETTER}) (ها|های|هایی|هایم|هایت|هایش|هایمان|هایتان|هایشان|تر|ترین|ای|اند)(?!${LETTER})`,
  'g',
);

/**
 * The parts of a word that Persian writes with a ZWNJ — or, on keyboards without one, a
 * space or nothing — joined to it, in stored texts and phrases alike: «بررسی می‌شود»,
 * «بررسی می شود» and «بررسی میشود» are one key («بررسی میشود»), in any phrase of any
 * length. Migration 0025's `search_fold` is this, in SQL, for the texts stored before.
 */
export function foldAffixes(key: string): string {
  return key.replace(PREFIX_WORD, '$1').replace(SUFFIX_WORD, '$1');
}

/** Normalised and lower-case: what searchKey folds. */
const plainKey = (text: string) => normalizePersian(text).toLowerCase();

/** The form both a record's search text and a search phrase take: normalised, lower-case
 *  (so that the database matches them with a plain LIKE, cheaper than ILIKE, over a trigram
 *  index) and the affixes folded. `fold` false: a phrase as typed, the affixes apart (a
 *  search that found nothing tries it: «شرکت ها» typed on the way to «شرکت هامون»). */
export function searchKey(text: string, fold = true): string {
  return fold ? foldAffixes(plainKey(text)) : plainKey(text);
}

/** A phrase search's one way: the phrase, and whether its affixes are joined (searchKey). */
export interface PhraseSearch {
  phrase: string;
  fold: boolean;
}

/**
 * The ways a phrase is searched, in turn, until one finds something (paging.ts keyedPage; a
 * picker's own filter, ReferenceChoiceInput): its key, the affixes joined; as typed, the
 * affixes apart (a longer word's start that reads as an ending: «شرکت ها» on the way to
 * «شرکت هامون»); and, for a phrase holding a ZWNJ, both again with the words it joins written
 * joined. A stored text holds a ZWNJ word parted and joined (storedSearchKey), but a word
 * written joined, joined only: «کار‌آفرین» typed with a ZWNJ finds «کارآفرین». Ways that come
 * to one key are one way.
 */
export function phraseSearches(phrase: string): PhraseSearch[] {
  const joined = phrase.replace(/\u200c/g, '');
  const ways = [
    { phrase, fold: true },
    { phrase, fold: false },
    ...(joined === phrase
      ? []
      : [
          { phrase: joined, fold: true },
          { phrase: joined, fold: false },
        ]),
    ...closedUp(phrase).map((closed) => ({ phrase: closed, fold: true })),
  ];
  const keys = ways.map((way) => searchKey(way.phrase, way.fold));
  return ways.filter((_, i) => keys.indexOf(keys[i]) === i);
}

/** A dash, a minus, or a character drawn as one (DASHES), as a class's contents. */
const DASH_CHARS = `\\-${DASHES.source.slice(1, -1)}`;
/** What parts the groups of digits written apart: spaces, dashes, brackets — not a dot,
 *  which makes a decimal («1.0» found «د-10», review probe). */
const DIGIT_GROUP_BREAKS = new RegExp(`[\\s()${DASH_CHARS}]+`);
const GROUPED_DIGITS = new RegExp(`^[\\s\\d۰-۹٠-٩()${DASH_CHARS}]+$`);
const SPACED_DASH = new RegExp(`\\s*([${DASH_CHARS}])\\s*`, 'g');

/**
 * A phrase written apart where the field is stored together, as a further way to search it:
 * digits in groups, with their digits together — a phone or an account typed «0912 111 1111»,
 * «(021) 4455-6677», stored as its digits (probe: found only typed whole); else spaces beside
 * a dash dropped, as a key stores them — «CX - 300» for the code «CX-300».
 */
function closedUp(phrase: string): string[] {
  const groups = phrase.split(DIGIT_GROUP_BREAKS).filter(Boolean);
  if (GROUPED_DIGITS.test(phrase) && groups.length > 1) return [toLatinDigits(groups.join(''))];
  const dashClosed = phrase.replace(SPACED_DASH, '$1');
  return dashClosed !== phrase ? [dashClosed] : [];
}

/** The keys of a phrase's ways (phraseSearches): a text holding any of them is found. */
export const phraseKeys = (phrase: string): string[] =>
  phraseSearches(phrase).map((way) => searchKey(way.phrase, way.fold));

/**
 * The search text a record stores: its search key, then each of its words that a ZWNJ
 * joins, written as one (نامه‌نگاری → «نامه نگاری … نامهنگاری»). A phrase's key turns a
 * ZWNJ into a space, so whether a reader types the compound with a ZWNJ, a space or
 * neither, one of the two finds it; an affix (foldAffixes) is joined in both, so a phrase
 * of several words finds it too.
 */
export function storedSearchKey(text: string): string {
  const key = plainKey(text);
  // Words found by splitting, not by a pattern around the ZWNJ: `\S*\u200c\S*` backtracks
  // over every long word, quadratic (4 s for a 40,000-letter word beside one ZWNJ).
  const joined = new Set(
    text
      .split(/\s+/)
      .filter((word) => word.includes('\u200c'))
      .map((word) => plainKey(word.replace(/\u200c/g, '')))
      .filter(Boolean),
  );
  // Folded as a whole, as search_fold folds a stored text (migration 0025).
  return foldAffixes(joined.size ? `${key} ${[...joined].join(' ')}` : key);
}

/** Marks that join, separate or orient letters but show nothing: ZWNJ, ZWJ, the
 *  direction marks, the word joiner, the byte-order mark, the soft hyphen, the combining
 *  grapheme joiner, the Mongolian vowel separator, and the blanks drawn as nothing (the
 *  Braille blank, the Hangul fillers). */
const INVISIBLE_CLASS =
  '\\s\\u00ad\\u115f\\u1160\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\u2800\\u3164\\ufeff\\uffa0';
// The combining grapheme joiner (U+034F) stands apart: in a class it would read as joined
// to the character before it.
const INVISIBLE = new RegExp(`[${INVISIBLE_CLASS}]|\\u034f`, 'g');
const LEADING_INVISIBLE = new RegExp(`^(?:[${INVISIBLE_CLASS}]|\\u034f)+`);

/** Whether a text shows anything: a required field holding only a ZWNJ is empty to a reader. */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE, '') !== '';
}

/** A text without the invisible marks it starts with (an excerpt should start with what shows). */
export function withoutLeadingInvisible(text: string): string {
  return text.replace(LEADING_INVISIBLE, '');
}

/** Persian ی and ک for the Arabic keyboard's ي, ى and ك, nothing else changed: for texts
 *  whose spacing, lines and markup are their own (a letter's body, a note, a file name). */
export function persianLetters(text: string): string {
  return text.replace(/[يىك]/g, (ch) => ARABIC_TO_PERSIAN[ch] ?? ch);
}

/** Light clean-up for text we store and show: Persian letters for Arabic look-alikes,
 *  trimmed, spaces folded, no marks that show nothing and part no word (UNSEEN: a soft
 *  hyphen, a word joiner) — but the zero-width non-joiner stays, it is part of spelling,
 *  and so do the direction marks, which order a line of mixed scripts. */
export function cleanPersianText(text: string): string {
  return text
    .replace(/[يىكةۀ]/g, (ch) => ARABIC_TO_PERSIAN[ch] ?? ch)
    .replace(UNSEEN, '')
    .replace(/[ \t\r\n]+/g, ' ')
    .trim();
}

/**
 * A unique key's text (a numbering prefix, a customer code) as it is stored and compared:
 * Persian and Arabic digits as Latin ones, compatibility forms as their plain letter or digit
 * (NFKC: «¹», «１», «𝟙» are 1; a digit of another script, «१», stays itself), Persian letters for Arabic ones (ي ك, and ة ۀ ە as ه, أ إ ٱ
 * as ا, as a search reads them), no diacritics or tatweel, no zero-width joiner, direction
 * marks or other marks that show nothing (zero-width space, word joiner, soft hyphen), and no
 * zero-width non-joiner where it joins nothing (at the ends, beside a digit or a sign); every
 * dash or minus is «-», with no white space beside it, every slash «/» (SLASH) — keys that
 * read alike are one key: «د‐», «د –», «دـ-», «دً-», «د\u200d-» are «د-», «ە-» is «ه-», «صق∕»
 * and «صق⁄» are «صق/». A hamza's seat and the madda stay (a search reads them as the letter).
 */
export function keyText(text: string): string {
  // Persian letters after NFKC, which makes a presentation form («ﻙ») the Arabic letter
  // (probe helper-64: «ﻙل-» was stored as «كل-», and «کل-» then taken beside it). Marks are
  // dropped before the non-joiner is judged, so a non-joiner between two letters stays one.
  return (
    foldSlashes(toLatinDigits(text.normalize('NFKC')))
      .replace(ARABIC_LETTERS, (ch) => ARABIC_TO_PERSIAN[ch] ?? ch)
      .replace(DIACRITICS, '')
      // The combining grapheme joiner (U+034F) apart: a combining mark in a class misleads.
      .replace(
        /[\u00ad\u180e\u200b\u200d-\u200f\u061c\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\u034f/g,
        '',
      )
      .replace(DASHES, '-')
      .replace(/\u200c+(?!\p{L})|(?<!\p{L})\u200c+/gu, '')
      .replace(/\s*-\s*/g, '-')
      .trim()
      // A mark dropped from between a letter and a combining one leaves them to compose.
      .normalize('NFC')
  );
}

/** Whether a key ends in a digit of any script, as it will be stored (keyText) and as it
 *  reads: a combining mark after the digit («1\u0300») leaves it the last thing seen. */
export function keyEndsInDigit(text: string): boolean {
  return /\p{Nd}\p{M}*$/u.test(keyText(text));
}

/** The invisible controls that reorder what follows them (embeddings, overrides, isolates):
 *  «\u202e۴۰۴۱» reads «۱۴۰۴» — a folder title, an incoming letter's number shown as other
 *  than it is stored and found (letter-limits.ts adds the direction marks for the number). */
export const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
