// A letter's body is HTML from the rich-text editor. It is stored only after sanitize-html
// has kept what the editor makes (paragraphs, headings, emphasis, lists, quotes, links,
// tables, text direction and alignment) and dropped everything else: scripts, event
// handlers, styles beyond alignment and the editor's text and highlight colours,
// javascript: links, images (attachments carry images).
import sanitizeHtml from 'sanitize-html';
import { withoutControlCharacters } from '../http/binding';
import { UserError } from '../http/answers';

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
  const message_body = sanitizeBody(html);
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
