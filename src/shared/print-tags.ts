// The tags a letter template may name (server/letters/print-fill.ts fills them; the template
// manager's help lists them; an upload naming another is refused).

/** The text tags, each filled with a text ready to show (digits, dates). */
export const TEXT_TAGS = [
  'subject',
  'number',
  'date',
  'type',
  'sender',
  'recipients',
  'cc',
  'signer',
  'importedNumber',
  'importedDate',
] as const;
export type TextTag = (typeof TEXT_TAGS)[number];

/** Tags written with @: they put Word's own XML in place of their paragraph. */
export const RAW_TAGS = ['paragraphs', 'signature'] as const;

/** Every tag a template may name, as it is written. */
export const TEMPLATE_TAGS = [
  ...[...TEXT_TAGS, 'body'].map((tag) => `{${tag}}`),
  ...RAW_TAGS.map((tag) => `{@${tag}}`),
];

/** A tag as a Persian sentence shows it: isolated left to right (U+2066 … U+2069), or its
 *  braces and @ are drawn mirrored and out of place («{signature@}»). */
export const shownTag = (tag: string) => `\u2066${tag}\u2069`;

/** Word's limit on a table's columns; a body's colspan is any number its writer typed. */
export const MAX_SPAN = 63;
