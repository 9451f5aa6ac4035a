// A letter's body is HTML from the rich-text editor. It is stored only after sanitize-html
// has kept what the editor makes (paragraphs, headings, emphasis, lists, quotes, links,
// tables, text direction and alignment) and dropped everything else: scripts, event
// handlers, styles beyond alignment and text and highlight colours (the editor's, or a
// colour pasted from Word: a name, #hex, rgb(), hsl()), javascript: links, images
// (attachments carry images).
import sanitizeHtml from 'sanitize-html';
import { withoutControlCharacters } from '../http/binding';
import { UserError } from '../http/answers';
import { toPersianDigits } from '../../src/shared/persian-digits';
import { hasVisibleText, persianLetters, withoutLeadingInvisible } from '../../src/shared/persian';
import { MAX_SPAN } from '../../src/shared/print-tags';
import { LETTER_TEXT_MAX } from '../../src/shared/letter-limits';
import { tooLongText } from '../../src/shared/validation-messages';

/** The CSS named colours (CSS Color 4) as RRGGBB: a colour pasted from Word or a web page
 *  is often a name (`color: red`), where the editor's buttons write rgb(). */
const NAMED_COLOURS: ReadonlyMap<string, string> = new Map(
  (
    'aliceblue F0F8FF antiquewhite FAEBD7 aqua 00FFFF aquamarine 7FFFD4 azure F0FFFF beige F5F5DC ' +
    'bisque FFE4C4 black 000000 blanchedalmond FFEBCD blue 0000FF blueviolet 8A2BE2 brown A52A2A ' +
    'burlywood DEB887 cadetblue 5F9EA0 chartreuse 7FFF00 chocolate D2691E coral FF7F50 ' +
    'cornflowerblue 6495ED cornsilk FFF8DC crimson DC143C cyan 00FFFF darkblue 00008B darkcyan 008B8B ' +
    'darkgoldenrod B8860B darkgray A9A9A9 darkgreen 006400 darkgrey A9A9A9 darkkhaki BDB76B ' +
    'darkmagenta 8B008B darkolivegreen 556B2F darkorange FF8C00 darkorchid 9932CC darkred 8B0000 ' +
    'darksalmon E9967A darkseagreen 8FBC8F darkslateblue 483D8B darkslategray 2F4F4F ' +
    'darkslategrey 2F4F4F darkturquoise 00CED1 darkviolet 9400D3 deeppink FF1493 deepskyblue 00BFFF ' +
    'dimgray 696969 dimgrey 696969 dodgerblue 1E90FF firebrick B22222 floralwhite FFFAF0 ' +
    'forestgreen 228B22 fuchsia FF00FF gainsboro DCDCDC ghostwhite F8F8FF gold FFD700 ' +
    'goldenrod DAA520 gray 808080 green 008000 greenyellow ADFF2F grey 808080 honeydew F0FFF0 ' +
    'hotpink FF69B4 indianred CD5C5C indigo 4B0082 ivory FFFFF0 khaki F0E68C lavender E6E6FA ' +
    'lavenderblush FFF0F5 lawngreen 7CFC00 lemonchiffon FFFACD lightblue ADD8E6 lightcoral F08080 ' +
    'lightcyan E0FFFF lightgoldenrodyellow FAFAD2 lightgray D3D3D3 lightgreen 90EE90 lightgrey D3D3D3 ' +
    'lightpink FFB6C1 lightsalmon FFA07A lightseagreen 20B2AA lightskyblue 87CEFA ' +
    'lightslategray 778899 lightslategrey 778899 lightsteelblue B0C4DE lightyellow FFFFE0 lime 00FF00 ' +
    'limegreen 32CD32 linen FAF0E6 magenta FF00FF maroon 800000 mediumaquamarine 66CDAA ' +
    'mediumblue 0000CD mediumorchid BA55D3 mediumpurple 9370DB mediumseagreen 3CB371 ' +
    'mediumslateblue 7B68EE mediumspringgreen 00FA9A mediumturquoise 48D1CC mediumvioletred C71585 ' +
    'midnightblue 191970 mintcream F5FFFA mistyrose FFE4E1 moccasin FFE4B5 navajowhite FFDEAD ' +
    'navy 000080 oldlace FDF5E6 olive 808000 olivedrab 6B8E23 orange FFA500 orangered FF4500 ' +
    'orchid DA70D6 palegoldenrod EEE8AA palegreen 98FB98 paleturquoise AFEEEE palevioletred DB7093 ' +
    'papayawhip FFEFD5 peachpuff FFDAB9 peru CD853F pink FFC0CB plum DDA0DD powderblue B0E0E6 ' +
    'purple 800080 rebeccapurple 663399 red FF0000 rosybrown BC8F8F royalblue 4169E1 ' +
    'saddlebrown 8B4513 salmon FA8072 sandybrown F4A460 seagreen 2E8B57 seashell FFF5EE sienna A0522D ' +
    'silver C0C0C0 skyblue 87CEEB slateblue 6A5ACD slategray 708090 slategrey 708090 snow FFFAFA ' +
    'springgreen 00FF7F steelblue 4682B4 tan D2B48C teal 008080 thistle D8BFD8 tomato FF6347 ' +
    'turquoise 40E0D0 violet EE82EE wheat F5DEB3 white FFFFFF whitesmoke F5F5F5 yellow FFFF00 ' +
    'yellowgreen 9ACD32'
  )
    .split(' ')
    .flatMap((word, at, words) => (at % 2 === 0 ? [[word, words[at + 1]] as const] : [])),
);

// A colour's parts: rgb()'s channels (0–255 or a percentage), hsl()'s hue and percentages,
// an alpha (0–1 or a percentage); the comma form and CSS Color 4's spaces and «/» both.
const CHANNEL = String.raw`\d{1,3}(?:\.\d+)?%?`;
const ALPHA = String.raw`(?:\d{1,3}(?:\.\d+)?|\.\d+)%?`;
const HUE = String.raw`-?\d{1,3}(?:\.\d+)?(?:deg)?`;
const PERCENT = String.raw`\d{1,3}(?:\.\d+)?%`;
const colourFunction = (name: string, first: string, rest: string) =>
  String.raw`${name}a?\(\s*${first}\s*,\s*${rest}\s*,\s*${rest}\s*(?:,\s*${ALPHA}\s*)?\)` +
  String.raw`|${name}a?\(\s*${first}\s+${rest}\s+${rest}\s*(?:\/\s*${ALPHA}\s*)?\)`;

/** A colour as a value of `color` or `background-color`: #hex, rgb()/rgba(), hsl()/hsla(),
 *  a CSS colour name, transparent or inherit — nothing else (no url(), no expression(), no
 *  var()). */
const COLOUR = new RegExp(
  `^(?:#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|${colourFunction('rgb', CHANNEL, CHANNEL)}|` +
    `${colourFunction('hsl', HUE, PERCENT)}|transparent|inherit|${[...NAMED_COLOURS.keys()].join('|')})$`,
  'i',
);

/** A numbered list's first number (the editor's «5. » at a line's start, a pasted list
 *  that goes on after a paragraph): kept when it is a whole number of nine digits at most. */
function keepListStart(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { start, ...rest } = attribs;
  const kept: sanitizeHtml.Attributes =
    /^\d{1,9}$/.test(start ?? '') && Number(start) !== 1 ? { start: String(Number(start)) } : {};
  return { tagName, attribs: { ...rest, ...kept } };
}

/**
 * What a web page, Word, LibreOffice or Google Docs write as attributes and styles the body
 * does not keep, read as what it keeps — an HTML body sent straight to the API (the editor
 * reads these itself on a paste): `align="center"` is a text-align, `background: yellow` a
 * background-color, <font color> a coloured <span>; a <span> made bold, italic or underlined
 * by its style is <strong>, <em> or <u>; Google Docs' <b style="font-weight:normal">
 * around a whole document is no bold (the letter printed bold throughout, probe helper-96).
 */
function readLooks(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { align, color, ...rest } = attribs;
  const styles = stylesOf(rest.style);
  const added: string[] = [];
  if (align && !styles['text-align']) added.push(`text-align: ${align}`);
  if (tagName === 'font' && color) added.push(`color: ${color}`);
  const background = styles.background;
  if (background && !styles['background-color'] && COLOUR.test(background))
    added.push(`background-color: ${background}`);
  const style = [rest.style, ...added].filter(Boolean).join('; ');
  return { tagName: lookTag(tagName, styles), attribs: style ? { ...rest, style } : rest };
}

function lookTag(tagName: string, styles: Record<string, string>): string {
  const weight = styles['font-weight']?.toLowerCase().replace(/\s*!important$/, '');
  if (tagName === 'b' || tagName === 'strong')
    return weight && /^(normal|lighter|[1-4]00)$/.test(weight) ? 'span' : tagName;
  if (tagName !== 'span' && tagName !== 'font') return tagName;
  if (weight && /^(bold|bolder|[6-9]00)$/.test(weight)) return 'strong';
  if (styles['font-style']?.toLowerCase().replace(/\s*!important$/, '') === 'italic') return 'em';
  if (/\bunderline\b/i.test(styles['text-decoration'] ?? styles['text-decoration-line'] ?? '')) return 'u';
  return 'span';
}

const LOOK_TAGS = ['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th', 'span', 'font', 'b', 'strong'];

const DROPPED_BLOCKS = [
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'details',
  'summary',
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'nav',
  'main',
  'address',
  'center',
];

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'div',
    'span',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'mark',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'hr',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    '*': ['dir', 'style'],
    a: ['href', 'target', 'rel'],
    ol: ['start'],
    mark: ['data-color'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify|start|end)$/],
      // The editor's colour buttons (a hex colour, or the rgb() a browser turns it into), and
      // a colour pasted from Word or a web page: a name, hsl().
      color: [COLOUR],
      'background-color': [COLOUR],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
    ...Object.fromEntries(LOOK_TAGS.map((tag) => [tag, readLooks])),
    ol: keepListStart,
    // Blocks the body does not keep still part their text from what follows (a term from
    // its definition, a figure's caption from the next paragraph): they become <div>s, their
    // alignment read as a <div>'s (a <center> centred).
    ...Object.fromEntries(
      DROPPED_BLOCKS.map((tag) => [
        tag,
        (_: string, attribs: sanitizeHtml.Attributes) =>
          readLooks('div', tag === 'center' ? { align: 'center', ...attribs } : attribs),
      ]),
    ),
  },
  // An entity may name a character the body's own text could not carry (`&#1;`).
  textFilter: withoutControlCharacters,
};

/**
 * How deep a body's elements may nest. The editor nests a few levels (a list in a list
 * in a quote); the HTML parser's work grows with the square of the depth — 35,000 nested
 * <div>s held the server's thread for seconds a save.
 */
export const MAX_BODY_DEPTH = 100;
export const BODY_TOO_DEEP = 'متن نامه بیش از حد تودرتو است';

// Elements that hold no content, and those a new one of the same kind closes (<p>, <li>,
// table cells): neither makes the tree deeper, so neither is counted.
const NOT_NESTING = new Set([
  'br',
  'hr',
  'img',
  'wbr',
  'input',
  'meta',
  'link',
  'p',
  'li',
  'td',
  'th',
  'tr',
  'dt',
  'dd',
  'option',
]);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*?(\/?)>/g;

/** Whether the body's elements nest deeper than MAX_BODY_DEPTH, by a linear walk over its
 *  tags (close tags that match nothing open simply end nothing). */
export function nestsTooDeep(html: string): boolean {
  let depth = 0;
  for (const [, closing, name, selfClosing] of html.matchAll(TAG)) {
    if (selfClosing || NOT_NESTING.has(name.toLowerCase())) continue;
    if (closing) depth = Math.max(0, depth - 1);
    else if (++depth > MAX_BODY_DEPTH) return true;
  }
  return false;
}

export function sanitizeBody(html: string): string {
  if (nestsTooDeep(html)) throw new UserError(BODY_TOO_DEEP);
  return sanitizeHtml(html, ALLOWED).trim();
}

/** Characters of a body's text a list record carries. */
export const EXCERPT_LENGTH = 200;

/** A body as it is stored: sanitised, and its text's start beside it for the lists (which
 *  would otherwise parse twenty letters' HTML on every page: a fifth of a list call). */
export function storedBody(html: string, label = 'متن نامه'): { message_body: string; body_excerpt: string } {
  const message_body = persianLetters(sanitizeBody(html));
  // The limit holds for the body as stored: the sanitiser writes more than it was sent
  // (a link's rel and target, & as &amp;), and a stored body past it could never be saved
  // again as it was loaded (probe helper-74: 199,207 characters of links stored 1,245,007).
  const tooLong = tooLongText(label, LETTER_TEXT_MAX.body, message_body);
  if (tooLong) throw new UserError(`${tooLong}؛ نشانه‌گذاری متن (پیوندها، قالب‌ها) هم شمرده می‌شود`);
  const text = withoutLeadingInvisible(bodyParagraphs(message_body).join(' '));
  return { message_body, body_excerpt: text.slice(0, EXCERPT_LENGTH) };
}

/** Whether a stored body shows any text — all of it, not its excerpt's first characters (a
 *  body starting with 250 zero-width spaces was refused as empty). */
export function bodyShowsText(message_body: string): boolean {
  return hasVisibleText(bodyParagraphs(message_body).join(' '));
}

// Block ends become line ends before the tags go, so paragraphs stay paragraphs.
const BLOCK_END = /<\/(p|div|h[1-6]|li|blockquote|pre|tr|td|th|table)>|<br\s*\/?>/gi;
const ESCAPED: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&amp;': '&',
};

// A save sanitises a body, then reads its paragraphs for the excerpt and again for the
// search text: the last few bodies' paragraphs are kept (a body is parsed once a change).
const recentParagraphs = new Map<string, readonly string[]>();
const RECENT_BODIES = 8;

/** The body's text, one entry per paragraph (for search and for printing). */
export function bodyParagraphs(html: string): readonly string[] {
  const known = recentParagraphs.get(html);
  if (known) return known;
  const paragraphs = paragraphsOf(html);
  if (recentParagraphs.size >= RECENT_BODIES) recentParagraphs.delete(recentParagraphs.keys().next().value!);
  recentParagraphs.set(html, paragraphs);
  return paragraphs;
}

function paragraphsOf(html: string): string[] {
  const text = sanitizeHtml(
    html.replace(BLOCK_END, (end) => `${end}\n`),
    { allowedTags: [], allowedAttributes: {} },
  );
  // sanitize-html leaves text escaped; only these five escapes occur in its output.
  const plain = text.replace(/&(lt|gt|quot|#39|amp);/g, (entity) => ESCAPED[entity] ?? entity);
  return plain
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

// ---- print: the body as blocks of a Word document ----
// A print shows the body as the editor made it — headings, emphasis, colours, lists,
// tables, links, alignment — so the sanitised HTML is read into blocks here and written
// as WordprocessingML by letters/print-fill.ts (in the print worker). The search text and
// the excerpts above keep reading bodyParagraphs.

export type BodyAlign = 'left' | 'right' | 'center' | 'justify' | 'start' | 'end';

/** How a piece of text looks; only what the editor makes. Colours are RRGGBB. */
export interface TextLook {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  color?: string;
  fill?: string;
  script?: 'superscript' | 'subscript';
  code?: boolean;
  link?: boolean;
}

export type BodyInline = { text: string; look: TextLook } | { lineBreak: true };

export interface BodyParagraph {
  kind: 'paragraph';
  inlines: BodyInline[];
  /** Levels of list and quote it sits in (within its table cell). */
  indent: number;
  align?: BodyAlign;
  /** Written left to right (dir="ltr"); a letter's paragraphs are right to left. */
  ltr?: boolean;
  heading?: number;
  /** A list item's number («۱. ») or bullet («• »), before its first paragraph. */
  prefix?: string;
  /** A horizontal rule (<hr>). */
  rule?: boolean;
  /** A line of preformatted text (<pre>): its spaces kept, its direction its own. */
  pre?: boolean;
}

export interface BodyCell {
  blocks: BodyBlock[];
  colspan: number;
  rowspan: number;
  header: boolean;
}

export interface BodyTable {
  kind: 'table';
  rows: BodyCell[][];
  ltr?: boolean;
}

export type BodyBlock = BodyParagraph | BodyTable;

const HTML_TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)|</g;
const ATTRIBUTE = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITY = /&(#[0-9]{1,7}|#x[0-9a-fA-F]{1,6}|amp|lt|gt|quot|apos|nbsp);/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, name: string) => {
    if (!name.startsWith('#')) return NAMED[name] ?? whole;
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
      ? String.fromCodePoint(code)
      : '';
  });
}

function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, double, single, bare] of text.matchAll(ATTRIBUTE))
    attributes[name.toLowerCase()] = decodeEntities(double ?? single ?? bare ?? '');
  return attributes;
}

function stylesOf(style = ''): Record<string, string> {
  const styles: Record<string, string> = {};
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0)
      styles[declaration.slice(0, colon).trim().toLowerCase()] = declaration.slice(colon + 1).trim();
  }
  return styles;
}

/** Below this opacity a colour is printed as none: the screen shows a faint tint, a solid
 *  print of it would not be what the reader saw (probe helper-70). */
const PRINTED_ALPHA = 0.5;

/** A colour the sanitiser keeps (COLOUR) as RRGGBB — `!important` or not, as the screen
 *  reads it; undefined for a mostly transparent one, inherit, or anything else. */
export function colourOf(value: string | undefined): string | undefined {
  const text = (value ?? '')
    .replace(/\s*!\s*important\s*$/i, '')
    .trim()
    .toLowerCase();
  const named = NAMED_COLOURS.get(text);
  if (named) return named;
  if (!COLOUR.test(text)) return undefined;
  const hex = /^#([0-9a-f]+)$/.exec(text)?.[1];
  if (hex) {
    const digits = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex;
    const alpha = digits.length === 8 ? parseInt(digits.slice(6), 16) / 255 : 1;
    return alpha < PRINTED_ALPHA ? undefined : digits.slice(0, 6).toUpperCase();
  }
  const call = /^(rgb|hsl)a?\((.*)\)$/.exec(text);
  if (!call) return undefined;
  const [first, second, third, alpha] = call[2].trim().split(/\s*[,/]\s*|\s+/);
  const opacity = alpha === undefined ? 1 : parseFloat(alpha) / (alpha.endsWith('%') ? 100 : 1);
  if (opacity < PRINTED_ALPHA) return undefined;
  const fraction = (part: string) => Math.min(1, parseFloat(part) / 100);
  const rgb =
    call[1] === 'rgb'
      ? [first, second, third].map((part) =>
          part.endsWith('%') ? fraction(part) * 255 : Math.min(255, parseFloat(part)),
        )
      : hslToRgb(parseFloat(first), fraction(second), fraction(third));
  return rgb
    .map((channel) => Math.round(channel).toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/** hsl() as rgb's 0–255 channels (CSS Color 4's conversion). */
function hslToRgb(hue: number, saturation: number, lightness: number): number[] {
  const chroma = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + (((hue % 360) + 360) % 360) / 30) % 12;
    return (lightness - chroma * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255;
  };
  return [channel(0), channel(8), channel(4)];
}

const ALIGNS = new Set<string>(['left', 'right', 'center', 'justify', 'start', 'end']);
const BLOCKS = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'ul',
  'ol',
  'blockquote',
  'pre',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'hr',
]);
const VOID = new Set(['br', 'hr', 'img', 'wbr']);
/** Elements that hold a paragraph even when empty: an empty <p> is a blank line the writer typed. */
const EAGER = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre']);

/** What an element adds to the look of the text inside it. */
function lookOf(tag: string, attributes: Record<string, string>, styles: Record<string, string>): TextLook {
  const look: TextLook = {};
  if (tag === 'strong' || tag === 'b' || tag === 'th') look.bold = true;
  if (tag === 'em' || tag === 'i') look.italic = true;
  if (tag === 'u') look.underline = true;
  if (tag === 's' || tag === 'strike') look.strike = true;
  if (tag === 'sup') look.script = 'superscript';
  if (tag === 'sub') look.script = 'subscript';
  if (tag === 'code' || tag === 'pre') look.code = true;
  if (tag === 'a') look.link = true;
  const color = colourOf(styles.color);
  if (color) look.color = color;
  const fill =
    colourOf(styles['background-color']) ?? (tag === 'mark' ? colourOf(attributes['data-color']) : undefined);
  if (fill) look.fill = fill;
  else if (tag === 'mark') look.fill = 'FFFF00';
  return look;
}

interface Frame {
  tag: string;
  look: TextLook;
  align?: BodyAlign;
  ltr?: boolean;
  heading?: number;
  pre?: boolean;
  list?: { ordered: boolean; count: number };
  link?: { href: string; text: string };
  /** A table cell: its blocks are a container of their own. */
  cell?: boolean;
}

/** A letter, and a right-to-left one (Hebrew, Arabic, Persian). */
const FIRST_STRONG = /\p{L}/u;
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/** Reads sanitised HTML (sanitizeBody's output) a tag at a time into blocks. */
class BodyReader {
  readonly blocks: BodyBlock[] = [];
  private containers: BodyBlock[][] = [this.blocks];
  private frames: Frame[] = [{ tag: '', look: {} }];
  private paragraph: BodyParagraph | null = null;
  private prefix: string | undefined;
  private tables: Array<{ table: BodyTable; row?: BodyCell[] }> = [];

  private top = () => this.frames[this.frames.length - 1];
  private container = () => this.containers[this.containers.length - 1];

  open(tag: string, attributes: Record<string, string>) {
    const parent = this.top();
    const styles = stylesOf(attributes.style);
    const align = styles['text-align']?.toLowerCase();
    const dir = attributes.dir?.toLowerCase();
    const heading = /^h[1-6]$/.test(tag) ? Number(tag[1]) : parent.heading;
    const frame: Frame = {
      tag,
      look: { ...parent.look, ...lookOf(tag, attributes, styles) },
      align: align && ALIGNS.has(align) ? (align as BodyAlign) : parent.align,
      ltr: dir === 'ltr' ? true : dir === 'rtl' ? false : parent.ltr,
      heading,
      pre: tag === 'pre' || parent.pre,
    };
    if (BLOCKS.has(tag)) this.endParagraph();
    if (tag === 'br') return this.add({ lineBreak: true });
    if (tag === 'hr') {
      this.startParagraph(frame).rule = true;
      return this.endParagraph();
    }
    if (tag === 'ul' || tag === 'ol')
      frame.list = { ordered: tag === 'ol', count: listStartOf(attributes) - 1 };
    if (tag === 'li') this.prefix = this.itemPrefix();
    if (tag === 'a') frame.link = { href: attributes.href ?? '', text: '' };
    if (tag === 'table') this.openTable(frame);
    if (tag === 'tr') this.openRow();
    if (tag === 'td' || tag === 'th') frame.cell = this.openCell(tag, attributes);
    if (VOID.has(tag)) return;
    this.frames.push(frame);
    if (EAGER.has(tag)) this.startParagraph(frame);
  }

  close(tag: string) {
    const at = this.frames.findLastIndex((frame) => frame.tag === tag);
    if (at <= 0) return; // closes nothing open
    while (this.frames.length > at) this.closeFrame(this.frames.pop()!);
  }

  text(raw: string) {
    const frame = this.top();
    const text = decodeEntities(raw);
    if (frame.pre) {
      // Each line a paragraph of its own, as the screen shows it (unicode-bidi: plaintext):
      // a line break inside one right-to-left paragraph printed code mirrored («} function f(x)»).
      text.split(/\r?\n/).forEach((line, index) => {
        if (index > 0) this.startParagraph(frame);
        if (line) this.add({ text: line, look: frame.look });
      });
    } else {
      let collapsed = text.replace(/[ \t\n\r\f]+/g, ' ');
      if (this.atLineStart()) collapsed = collapsed.replace(/^ /, '');
      if (collapsed) this.add({ text: collapsed, look: frame.look });
    }
    for (const open of this.frames) if (open.link) open.link.text += text;
  }

  finish(): BodyBlock[] {
    while (this.frames.length > 1) this.closeFrame(this.frames.pop()!);
    this.endParagraph();
    return this.blocks;
  }

  private closeFrame(frame: Frame) {
    if (frame.link) this.closeLink(frame);
    if (BLOCKS.has(frame.tag)) this.endParagraph();
    if (frame.tag === 'li') this.prefix = undefined;
    if (frame.cell) this.containers.pop();
    const table = this.tables.at(-1);
    if (frame.tag === 'tr' && table) table.row = undefined;
    if (frame.tag === 'table') this.tables.pop();
  }

  /** A link prints as its text followed by where it leads, unless the text is that address. */
  private closeLink(frame: Frame) {
    const href = frame.link!.href.trim();
    const shown = href.replace(/^mailto:/i, '');
    const text = frame.link!.text.trim();
    if (!shown || text === href || text === shown) return;
    const parent = this.frames[this.frames.length - 1];
    this.add({ text: ` (${shown})`, look: { ...parent.look, link: true } });
  }

  private itemPrefix(): string {
    let list: Frame['list'];
    for (let at = this.frames.length - 1; at > 0 && !this.frames[at].cell && !list; at--)
      list = this.frames[at].list;
    if (!list?.ordered) return '• ';
    list.count += 1;
    return `${toPersianDigits(list.count)}. `;
  }

  private openTable(frame: Frame) {
    const table: BodyTable = { kind: 'table', rows: [], ltr: frame.ltr };
    this.container().push(table);
    this.tables.push({ table });
  }

  private openRow() {
    const open = this.tables.at(-1);
    if (!open) return;
    open.row = [];
    open.table.rows.push(open.row);
  }

  private openCell(tag: string, attributes: Record<string, string>): boolean {
    const open = this.tables.at(-1);
    if (!open) return false;
    if (!open.row) this.openRow();
    const span = (value: string | undefined, most: number) =>
      Math.min(most, Math.max(1, Number.parseInt(value ?? '1', 10) || 1));
    const cell: BodyCell = {
      blocks: [],
      colspan: span(attributes.colspan, MAX_SPAN),
      rowspan: span(attributes.rowspan, 1000),
      header: tag === 'th',
    };
    open.row!.push(cell);
    this.containers.push(cell.blocks);
    return true;
  }

  /** Lists and quotes the paragraph sits in, counted within its table cell. */
  private indent(): number {
    let levels = 0;
    for (let at = this.frames.length - 1; at > 0 && !this.frames[at].cell; at--)
      if (this.frames[at].list || this.frames[at].tag === 'blockquote') levels++;
    return levels;
  }

  private startParagraph(frame: Frame): BodyParagraph {
    this.endParagraph();
    const paragraph: BodyParagraph = { kind: 'paragraph', inlines: [], indent: this.indent() };
    if (frame.align) paragraph.align = frame.align;
    if (frame.ltr) paragraph.ltr = true;
    if (frame.heading) paragraph.heading = frame.heading;
    if (this.prefix) paragraph.prefix = this.prefix;
    if (frame.pre) paragraph.pre = true;
    this.prefix = undefined;
    this.container().push(paragraph);
    this.paragraph = paragraph;
    return paragraph;
  }

  private endParagraph() {
    const paragraph = this.paragraph;
    const last = paragraph?.inlines.at(-1);
    if (paragraph?.pre) {
      // A line of a <pre> runs in the direction of its first strong character, as
      // unicode-bidi: plaintext reads it on screen; a line without one left to right, as the
      // screen draws it too (the bidi rule P3; review probe: «}» after Persian).
      const text = paragraph.inlines.map((inline) => ('text' in inline ? inline.text : '')).join('');
      const strong = FIRST_STRONG.exec(text)?.[0];
      const ltr = strong ? !RTL_LETTER.test(strong) : true;
      if (ltr) paragraph.ltr = true;
      else delete paragraph.ltr;
    } else if (last && 'text' in last) last.text = last.text.replace(/ +$/, '');
    this.paragraph = null;
  }

  private atLineStart(): boolean {
    const last = this.paragraph?.inlines.at(-1);
    return !last || 'lineBreak' in last || last.text.endsWith(' ');
  }

  private add(inline: BodyInline) {
    (this.paragraph ?? this.startParagraph(this.top())).inlines.push(inline);
  }
}

/** The first number of a list the sanitiser kept (`start`), 1 otherwise. */
function listStartOf(attributes: Record<string, string>): number {
  const start = attributes.start;
  return start && /^\d{1,9}$/.test(start) ? Number(start) : 1;
}

/** The body as the blocks of a printed letter (letters/print-fill.ts writes them). */
export function bodyBlocks(html: string): BodyBlock[] {
  const reader = new BodyReader();
  for (const [whole, closing, name, attributes, text] of html.matchAll(HTML_TOKEN)) {
    const tag = name?.toLowerCase();
    if (tag && closing) reader.close(tag);
    else if (tag) reader.open(tag, attributesOf(attributes));
    else reader.text(text ?? whole);
  }
  return reader.finish();
}
