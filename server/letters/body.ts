// A letter's body is HTML from the rich-text editor. It is stored only after sanitize-html
// has kept what the editor makes (paragraphs, headings, emphasis, lists, quotes, links,
// tables, text direction and alignment) and dropped everything else: scripts, event
// handlers, styles beyond alignment, javascript: links, images (attachments carry images).
import sanitizeHtml from 'sanitize-html';
import { withoutControlCharacters } from '../http/binding';

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
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify|start|end)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  // An entity may name a character the body's own text could not carry (`&#1;`).
  textFilter: withoutControlCharacters,
};

export function sanitizeBody(html: string): string {
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

/** The body's text, one entry per paragraph (for search and for printing). */
export function bodyParagraphs(html: string): string[] {
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
