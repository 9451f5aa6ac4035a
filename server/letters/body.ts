// A letter's body is HTML from the rich-text editor. It is stored only after sanitize-html
// has kept what the editor makes (paragraphs, headings, emphasis, lists, quotes, links,
// tables, text direction and alignment) and dropped everything else: scripts, event
// handlers, styles beyond alignment and the editor's text and highlight colours,
// javascript: links, images (attachments carry images).
import sanitizeHtml from 'sanitize-html';
import { withoutControlCharacters } from '../http/binding';
import { UserError } from '../http/answers';
import { toPersianDigits } from '../../src/shared/persian-digits';
import { persianLetters } from '../../src/shared/persian';
import { MAX_SPAN } from '../../src/shared/print-tags';

const COLOUR =
  /^(#[0-9a-f]{3}|#[0-9a-f]{6}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)|inherit)$/i;

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
    mark: ['data-color'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify|start|end)$/],
      // The editor's colour buttons: a hex colour, or the rgb() a browser turns it into.
      color: [COLOUR],
      'background-color': [COLOUR],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
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
export function storedBody(html: string): { message_body: string; body_excerpt: string } {
  const message_body = persianLetters(sanitizeBody(html));
  return { message_body, body_excerpt: bodyParagraphs(message_body).join(' ').slice(0, EXCERPT_LENGTH) };
}

// Block ends become line ends before the tags go, so paragraphs stay paragraphs.
const BLOCK_END = /<\/(p|div|h[1-6]|li|blockquote|pre|tr|table)>|<br\s*\/?>/gi;
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

/** '#abc', '#aabbcc', 'rgb(…)' or an opaque 'rgba(…)' as RRGGBB; undefined for anything else. */
export function colourOf(value: string | undefined): string | undefined {
  const text = value?.trim().toLowerCase() ?? '';
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return (short[1] + short[1] + short[2] + short[2] + short[3] + short[3]).toUpperCase();
  if (/^#[0-9a-f]{6}$/.test(text)) return text.slice(1).toUpperCase();
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(text);
  if (!rgb || (rgb[4] !== undefined && Number(rgb[4]) === 0)) return undefined;
  return rgb
    .slice(1, 4)
    .map((part) => Math.min(255, Number(part)).toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
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
    if (tag === 'ul' || tag === 'ol') frame.list = { ordered: tag === 'ol', count: 0 };
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
      text.split(/\r?\n/).forEach((line, index) => {
        if (index > 0) this.add({ lineBreak: true });
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
    this.prefix = undefined;
    this.container().push(paragraph);
    this.paragraph = paragraph;
    return paragraph;
  }

  private endParagraph() {
    const last = this.paragraph?.inlines.at(-1);
    if (last && 'text' in last) last.text = last.text.replace(/ +$/, '');
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
