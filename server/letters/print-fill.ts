// The part of message/docx that fills the Word template, run in a worker thread
// (letters/print-worker.ts) because docxtemplater holds its thread for up to seconds on a
// large template. A template names what it shows with these tags (TEMPLATE_TAGS; the
// built-in one uses most), exactly as written here — docs/api.md lists them:
//   {subject} {number} {date} {type} {sender} {recipients} {cc} {signer}
//   {importedNumber} {importedDate}   an incoming letter's own number and date
//   {body}          the body's text, paragraphs as line breaks
//   {@paragraphs}   the body as the document's own paragraphs and tables (alone in a paragraph)
//   {@signature}    the signer's signature picture when the letter is signed (alone in a
//                   paragraph; in the body, a header or a footer)
//   {#cc}…{/cc}     shown only when the tag has a value ({^cc}…{/cc}: only when it has none)
// An upload naming any other tag is refused (the trial fill, `trial`); a template stored
// before prints such a tag as nothing. Pictures are added to the package as parts of their
// own (word/media, a relationship, a content type), so the result is a plain .docx.
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { pictureOf, type Picture } from '../files/picture-size';
import { templateWithinLimits } from '../files/template-limits';
import { JobRefused } from '../workers/worker-jobs';
import { toPersianDigits } from '../../src/shared/persian-digits';
import type { BodyAlign, BodyBlock, BodyInline, BodyParagraph, BodyTable, TextLook } from './body';
import {
  MAX_SPAN,
  RAW_TAGS,
  shownTag,
  TEMPLATE_TAGS,
  TEXT_TAGS,
  type TextTag,
} from '../../src/shared/print-tags';

/** What the print fills in: the texts are ready to show, not yet escaped. */
export interface FillInput {
  document: Uint8Array;
  /** The signer's signature picture (png, jpeg, gif or webp), when the letter is signed. */
  picture: Uint8Array | null;
  text: Record<TextTag, string>;
  /** The body as blocks (letters/body.ts bodyBlocks). */
  body: readonly BodyBlock[];
  /** An upload's trial fill: a tag other than TEMPLATE_TAGS refuses the template. */
  trial?: boolean;
}

/** What XML 1.0 cannot hold — a letter's body may name it as an entity (`&#1;`), an old
 *  letter may hold U+FFFF — and Word and LibreOffice refuse a document that has one. */
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu; // eslint-disable-line no-control-regex
const printable = (text: string) => text.replace(NOT_XML, '');

const xml = (text: string) =>
  printable(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// ---- the body as WordprocessingML ----

/** Twips: a list or quote level's indent, and a table's width on an A4 page's text. */
const INDENT = 567;
/** Levels indented on paper: eight take half an A4 page's text width (9,000 twips); a
 *  list nested deeper (the body allows a hundred) stays at that indent rather than
 *  pushing its text off the page. */
export const MAX_PRINT_INDENT_LEVELS = 8;
const TABLE_WIDTH = 9000;
/** Half-points: h1 … h6. */
const HEADING_SIZE = [0, 36, 32, 28, 26, 24, 22];
const LINK_COLOUR = '0563C1';
const HEADER_FILL = 'F2F2F2';
const RTL_CHARACTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const LETTER = /\p{L}/u;

/**
 * A text cut where its script changes, as Word writes it: Persian words in runs marked
 * right to left (their complex-script bold and size apply), Latin ones (an address, a
 * name) in runs that are not. Spaces, digits and punctuation between two words of one
 * script go with them; elsewhere with the paragraph's direction, as the Unicode
 * bidirectional algorithm places them (its bracket pairs aside).
 */
export function scriptRuns(text: string, rtl: boolean): Array<{ text: string; rtl: boolean }> {
  const runs: Array<{ text: string; rtl: boolean }> = [];
  const add = (part: string, direction: boolean) => {
    const last = runs[runs.length - 1];
    if (last?.rtl === direction) last.text += part;
    else runs.push({ text: part, rtl: direction });
  };
  let neutral = '';
  for (const character of text) {
    const before = runs.length ? runs[runs.length - 1].rtl : rtl;
    // Latin digits after a Latin word belong to it («a?b=1»), as the algorithm's rule W7 says.
    const latinDigit = before === false && character >= '0' && character <= '9';
    const strong = RTL_CHARACTER.test(character)
      ? true
      : LETTER.test(character) || latinDigit
        ? false
        : undefined;
    if (strong === undefined) {
      neutral += character;
      continue;
    }
    if (neutral) add(neutral, before === strong ? strong : rtl);
    neutral = '';
    add(character, strong);
  }
  if (neutral || !runs.length) add(neutral, rtl);
  return runs;
}

/**
 * The look of the template's paragraph that holds {@paragraphs}: its style, font, size and
 * colour, which the body's paragraphs take where the body says nothing else (probe
 * helper-65: a letterhead's «B Nazanin 14» on that paragraph printed the body in Word's
 * default). Each a piece of the template's own XML or a value read from it.
 */
export interface HostLook {
  /** `<w:pStyle …/>` */
  style?: string;
  /** `<w:rFonts …/>` */
  font?: string;
  /** Half-points. */
  size?: number;
  /** RRGGBB */
  color?: string;
}

function runProperties(look: TextLook, rtl: boolean, size: number, host: HostLook): string {
  const color = look.color ?? (look.link ? LINK_COLOUR : host.color);
  const shownSize = size || host.size;
  // In the schema's order (CT_RPr).
  const properties = [
    look.code
      ? '<w:rFonts w:ascii="Courier New" w:hAnsi="Courier New" w:cs="Courier New"/>'
      : (host.font ?? ''),
    look.bold ? '<w:b/><w:bCs/>' : '',
    look.italic ? '<w:i/><w:iCs/>' : '',
    look.strike ? '<w:strike/>' : '',
    color ? `<w:color w:val="${color}"/>` : '',
    shownSize ? `<w:sz w:val="${shownSize}"/><w:szCs w:val="${shownSize}"/>` : '',
    look.underline || look.link ? '<w:u w:val="single"/>' : '',
    look.fill ? `<w:shd w:val="clear" w:color="auto" w:fill="${look.fill}"/>` : '',
    look.script ? `<w:vertAlign w:val="${look.script}"/>` : '',
    rtl ? '<w:rtl/>' : '',
  ].join('');
  return properties ? `<w:rPr>${properties}</w:rPr>` : '';
}

function wordInline(inline: BodyInline, rtl: boolean, heading: number, host: HostLook): string {
  if ('lineBreak' in inline) return '<w:r><w:br/></w:r>';
  const look = heading ? { ...inline.look, bold: true } : inline.look;
  return scriptRuns(inline.text, rtl)
    .map(
      (run) =>
        `<w:r>${runProperties(look, run.rtl, HEADING_SIZE[heading] ?? 0, host)}<w:t xml:space="preserve">${xml(run.text)}</w:t></w:r>`,
    )
    .join('');
}

/** In a right-to-left paragraph Word reads left and right as start and end. */
function justification(align: BodyAlign | undefined, rtl: boolean): string {
  const value = {
    start: 'left',
    end: 'right',
    left: rtl ? 'right' : 'left',
    right: rtl ? 'left' : 'right',
    center: 'center',
    justify: 'both',
  }[align ?? 'start'];
  return align ? `<w:jc w:val="${value}"/>` : '';
}

function wordParagraph(paragraph: BodyParagraph, host: HostLook): string {
  const rtl = !paragraph.ltr;
  const heading = paragraph.heading ?? 0;
  // In the schema's order (CT_PPr).
  const properties = [
    host.style ?? '',
    heading ? '<w:keepNext/>' : '',
    paragraph.rule ? '<w:pBdr><w:bottom w:val="single" w:sz="6" w:space="1" w:color="auto"/></w:pBdr>' : '',
    // A left-to-right paragraph (a <pre>'s line, an English paragraph) says so: the template's
    // paragraph style, or a right-to-left table around it, may be right to left (probe helper-100:
    // an English cell printed «.Cell one, English»).
    rtl ? '<w:bidi/>' : '<w:bidi w:val="0"/>',
    heading ? '<w:spacing w:before="240" w:after="120"/>' : '',
    paragraph.indent
      ? `<w:ind w:left="${Math.min(paragraph.indent, MAX_PRINT_INDENT_LEVELS) * INDENT}"/>`
      : '',
    // A <pre>'s line at its own start (left for code), whatever the template's style says.
    justification(paragraph.align ?? (paragraph.pre ? 'start' : undefined), rtl),
    heading ? `<w:outlineLvl w:val="${heading - 1}"/>` : '',
  ].join('');
  const inlines: BodyInline[] = paragraph.prefix
    ? [{ text: paragraph.prefix, look: {} }, ...paragraph.inlines]
    : paragraph.inlines;
  const runs = inlines.map((inline) => wordInline(inline, rtl, heading, host)).join('');
  return `<w:p>${properties ? `<w:pPr>${properties}</w:pPr>` : ''}${runs}</w:p>`;
}

interface GridCell {
  span: number;
  cell?: BodyTable['rows'][number][number];
  /** The rows the cell spans, its own included: more than one, its vMerge restarts. */
  rowsSpanned?: number;
}

/**
 * Each row's cells with the places that a cell above spans into (rowspan) filled in. A
 * table is as wide as its widest row as written, and at most Word's MAX_SPAN columns.
 * A row whose own cells find no room beside the cells spanning into it ends those spans
 * above it: rowspans that stair-step (each row pushed a column further, as a browser
 * draws `<tr><td rowspan="1000">` row after row) would otherwise widen the grid to 63
 * columns of merged cells on every row — 40 MB of XML for a 200,000-character body. A
 * rectangular table never meets this (its first row, which nothing spans into, is as wide
 * as any). A cell that would still start past MAX_SPAN is left out, one that would reach
 * past it cut to fit.
 */
function tableGrid(rows: BodyTable['rows']): GridCell[][] {
  const width = Math.min(
    MAX_SPAN,
    Math.max(0, ...rows.map((cells) => cells.reduce((sum, cell) => sum + cell.colspan, 0))),
  );
  const below: number[] = []; // rows a cell still spans into, by column
  const spans: number[] = [];
  const origins: GridCell[] = []; // the cell that spans, by column
  const continued = (row: GridCell[], column: number) => {
    below[column]--;
    row.push({ span: spans[column] });
    return column + spans[column];
  };
  return rows.map((cells, at) => {
    const own = cells.reduce((sum, cell) => sum + cell.colspan, 0);
    const covered = below.reduce((sum, rowsLeft, column) => sum + (rowsLeft > 0 ? spans[column] : 0), 0);
    if (own > width - covered)
      below.forEach((rowsLeft, column) => {
        if (rowsLeft <= 0) return;
        below[column] = 0;
        // Ended before it merged with any row: a cell of its own.
        if (origins[column].rowsSpanned === rowsLeft + 1) origins[column].rowsSpanned = 0;
      });
    const row: GridCell[] = [];
    let column = 0;
    for (const cell of cells) {
      while (below[column] > 0) column = continued(row, column);
      if (column >= MAX_SPAN) break;
      const span = Math.min(cell.colspan, MAX_SPAN - column);
      // A rowspan past the table's end spans to its end (as HTML reads it), no further.
      const rowsBelow = Math.min(cell.rowspan, rows.length - at) - 1;
      const placed: GridCell = { span, cell, rowsSpanned: rowsBelow + 1 };
      row.push(placed);
      if (rowsBelow > 0) [below[column], spans[column], origins[column]] = [rowsBelow, span, placed];
      column += span;
    }
    while (column < below.length) column = below[column] > 0 ? continued(row, column) : column + 1;
    return row;
  });
}

function wordCell(
  { span, cell, rowsSpanned }: GridCell,
  width: number,
  rtl: boolean,
  host: HostLook,
  budget: XmlBudget,
): string {
  const properties = [
    `<w:tcW w:w="${width * span}" w:type="dxa"/>`,
    span > 1 ? `<w:gridSpan w:val="${span}"/>` : '',
    !cell ? '<w:vMerge/>' : (rowsSpanned ?? 1) > 1 ? '<w:vMerge w:val="restart"/>' : '',
    cell?.header ? `<w:shd w:val="clear" w:color="auto" w:fill="${HEADER_FILL}"/>` : '',
  ].join('');
  const markup = `<w:tc><w:tcPr>${properties}</w:tcPr>`;
  budget.spend(markup.length + '</w:tc>'.length);
  return `${markup}${wordBlocks(cell?.blocks ?? [], rtl, host, budget)}</w:tc>`;
}

const BORDER = 'w:val="single" w:sz="4" w:space="0" w:color="auto"';
const TABLE_BORDERS = `<w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV']
  .map((side) => `<w:${side} ${BORDER}/>`)
  .join('')}</w:tblBorders>`;

function wordTable(table: BodyTable, host: HostLook, budget: XmlBudget): string {
  const rows = tableGrid(table.rows).filter((row) => row.length);
  const columns = Math.max(0, ...rows.map((row) => row.reduce((sum, cell) => sum + cell.span, 0)));
  if (!columns) return '';
  const rtl = !table.ltr;
  const width = Math.floor(TABLE_WIDTH / columns);
  const properties =
    (rtl ? '<w:bidiVisual/>' : '') +
    `<w:tblW w:w="5000" w:type="pct"/>${TABLE_BORDERS}<w:tblLayout w:type="autofit"/>` +
    '<w:tblCellMar><w:left w:w="85" w:type="dxa"/><w:right w:w="85" w:type="dxa"/></w:tblCellMar>';
  const grid = `<w:tblGrid>${`<w:gridCol w:w="${width}"/>`.repeat(columns)}</w:tblGrid>`;
  budget.spend(properties.length + grid.length + 40);
  const body = rows
    .map((row) => {
      budget.spend('<w:tr></w:tr>'.length);
      return `<w:tr>${row.map((cell) => wordCell(cell, width, rtl, host, budget)).join('')}</w:tr>`;
    })
    .join('');
  return `<w:tbl><w:tblPr>${properties}</w:tblPr>${grid}${body}</w:tbl>`;
}

const emptyParagraph = (rtl: boolean) => (rtl ? '<w:p><w:pPr><w:bidi/></w:pPr></w:p>' : '<w:p/>');

/**
 * What the body's XML may still grow by, counted as it is written: a body within the
 * length limit can spread far wider in Word's XML (a table's rowspans fill every row with
 * merged cells), and it is refused as soon as it passes FILL_LIMIT, not after it is built.
 */
export class XmlBudget {
  constructor(private left = FILL_LIMIT) {}
  spend(characters: number) {
    this.left -= characters;
    if (this.left < 0) throw new JobRefused(BODY_TOO_BIG);
  }
}

/** Blocks as body content: never empty, and ending in a paragraph (as a table cell must). */
export function wordBlocks(
  blocks: readonly BodyBlock[],
  rtl = true,
  host: HostLook = {},
  budget = new XmlBudget(),
): string {
  const content = blocks
    .map((block) => {
      if (block.kind === 'table') return wordTable(block, host, budget);
      const xml = wordParagraph(block, host);
      budget.spend(xml.length);
      return xml;
    })
    .join('');
  if (content.endsWith('</w:p>')) return content;
  budget.spend(40);
  return content + emptyParagraph(rtl);
}

/** The body as lines of text ({body}): a list item with its number, a table row's cells
 *  between «|». */
export function plainLines(blocks: readonly BodyBlock[]): string[] {
  return blocks
    .flatMap((block) =>
      block.kind === 'table'
        ? block.rows.map((row) => row.map((cell) => plainLines(cell.blocks).join(' ')).join(' | '))
        : [
            (block.prefix ?? '') +
              block.inlines.map((inline) => ('lineBreak' in inline ? '\n' : inline.text)).join(''),
          ],
    )
    .map((line) => line.trim())
    .filter(Boolean);
}

// ---- the signature picture ----

const MEDIA_PART = 'word/media/dabir-signature';
const SIGNATURE_ID = 'rIdDabirSignature';
const EMU_PER_CM = 360_000;
const RELATIONSHIPS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
const IMAGE_RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';

/** The content types docxtemplater fills: the main part, headers, footers, footnotes, comments. */
const FILLED_PART =
  /\.(document\.main|document\.macroEnabled\.main|template\.main|macroEnabledTemplate\.main|header|footer|footnotes|comments)\+xml$/;

/** The package's parts docxtemplater fills, by their content types. */
function filledParts(zip: PizZip): string[] {
  const types = zip.file('[Content_Types].xml')?.asText() ?? '';
  const parts = [...types.matchAll(/<Override\b[^>]*>/g)]
    .map(([element]) => ({
      name: /PartName="\/?([^"]+)"/.exec(element)?.[1],
      type: /ContentType="([^"]+)"/.exec(element)?.[1] ?? '',
    }))
    .filter((part) => part.name && FILLED_PART.test(part.type))
    .map((part) => part.name!);
  return parts.includes(MAIN_PART) ? parts : [...parts, MAIN_PART];
}

/** Puts a child element last in an XML part's root, whether the root is empty or not. */
const appendToRoot = (text: string, root: string, child: string) =>
  new RegExp(`</${root}>\\s*$`).test(text)
    ? text.replace(new RegExp(`</${root}>\\s*$`), `${child}</${root}>`)
    : text.replace(new RegExp(`<${root}([^>]*?)\\s*/>`), `<${root}$1>${child}</${root}>`);

/** The picture's relationship in a part's own relationships (the body's, a header's, …). */
function relatePicture(zip: PizZip, part: string, media: string) {
  const relsName = path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);
  const rels = zip.file(relsName)?.asText() ?? RELATIONSHIPS;
  if (rels.includes(`Id="${SIGNATURE_ID}"`)) return;
  const target = path.posix.relative(path.posix.dirname(part), media);
  const relationship = `<Relationship Id="${SIGNATURE_ID}" Type="${IMAGE_RELATIONSHIP}" Target="${xml(target)}"/>`;
  zip.file(relsName, appendToRoot(rels, 'Relationships', relationship));
}

/**
 * Puts the picture in the package, related from every part that may show {@signature},
 * and answers a maker of the paragraph that shows it: at most 4 cm wide or high, each
 * one with its own drawing id (Word refuses a document that repeats one).
 */
function embedPicture(zip: PizZip, picture: Picture): () => string {
  const media = `${MEDIA_PART}.${picture.ext}`;
  zip.file(media, picture.data);
  for (const part of filledParts(zip)) relatePicture(zip, part, media);
  const types = zip.file('[Content_Types].xml')?.asText() ?? '';
  if (!new RegExp(`Extension="${picture.ext}"`, 'i').test(types))
    zip.file(
      '[Content_Types].xml',
      appendToRoot(
        types,
        'Types',
        `<Default Extension="${picture.ext}" ContentType="image/${picture.ext}"/>`,
      ),
    );
  const width = Math.max(picture.width, 1);
  const height = Math.max(picture.height, 1);
  const scale = (4 * EMU_PER_CM) / Math.max(width, height);
  const cx = Math.round(width * scale);
  const cy = Math.round(height * scale);
  let drawings = 7250;
  return () => {
    const id = ++drawings;
    return (
      `<w:p><w:pPr><w:bidi/></w:pPr><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" distT="0" distB="0" distL="0" distR="0">` +
      `<wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${id}" name="امضا ${id}"/>` +
      `<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
      `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="0" name="signature.${picture.ext}"/><pic:cNvPicPr/></pic:nvPicPr>` +
      `<pic:blipFill><a:blip xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:embed="${SIGNATURE_ID}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
      `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>` +
      `</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`
    );
  };
}

// ---- the template's tags ----

const MAIN_PART = 'word/document.xml';

/** Where a part's malformed XML is, as a Persian sentence names it. */
function partName(part: string): string {
  const file = shownTag(part);
  if (part === MAIN_PART) return `متن سند (${file})`;
  if (/(^|\/)header\d*\.xml$/.test(part)) return `سرصفحه (${file})`;
  if (/(^|\/)footer\d*\.xml$/.test(part)) return `پاصفحه (${file})`;
  return `بخش ${file}`;
}

/** A template with a part that is not well-formed XML: at upload (`trial`) and at print. */
export const MALFORMED_PART = (part: string, trial = false) =>
  trial
    ? `فایل قالب قابل استفاده نیست: XML ${partName(part)} آن درست نیست (مانند «&» تنها، موجودیتی چون «&nbsp;»، ویژگی بی گیومه یا برچسبی بسته‌نشده)؛ سند را در Word باز کنید، دوباره ذخیره کنید و بارگذاری کنید`
    : `قالب انتخاب‌شده قابل استفاده نیست: XML ${partName(part)} آن درست نیست؛ فایل قالب باید در Word دوباره ذخیره و بارگذاری شود`;

/** xmldom's one warning about XML that is well-formed: a U+FFFD in the text. */
const HARMLESS_WARNING = /replacement character/;

/** What is wrong with a part's XML, or null; its document when it parsed. A warning
 *  (an attribute without quotes) is as wrong as an error: Word refuses both. */
function parseXml(text: string): { problem: string | null; parsed?: Document } {
  const problems: string[] = [];
  let parsed: Document | undefined;
  try {
    parsed = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning' || !HARMLESS_WARNING.test(message)) problems.push(message);
      },
    }).parseFromString(text, 'text/xml') as unknown as Document;
  } catch (error) {
    problems.push((error as Error).message); // a fatal error: the parse stops
  }
  // Characters XML forbids even written as they are (xmldom lets them pass).
  if (text.search(NOT_XML) !== -1) problems.push('a character XML 1.0 does not allow');
  if (parsed?.doctype) problems.push('a document type declaration');
  return { problem: problems[0] ?? null, parsed };
}

/**
 * Throws unless the package's main part is a Word document and every XML part is
 * well-formed. docxtemplater fills what it can find tags in and hands the rest back as it
 * was, so a bare «&», an undefined entity, an unquoted attribute or an unclosed element
 * in any part (a header's too) came out as a "printed letter" that no word processor
 * opens. A malformed part is refused naming it (JobRefused); a main part that is no Word
 * document at all (garbage, a document type) is a plain failure.
 */
function checkParts(zip: PizZip, trial: boolean) {
  const text = zip.file(MAIN_PART)?.asText();
  if (text === undefined) throw new Error(`the template has no ${MAIN_PART}`);
  if (!/<([\w.-]+:)?document[\s/>]/.test(text))
    throw new Error(`the template's ${MAIN_PART} is not a Word document`);
  const main = parseXml(text);
  // A DTD (entities) is refused, as docxtemplater does.
  if (main.parsed?.doctype) throw new Error(`the template's ${MAIN_PART} declares a document type`);
  if (main.problem) throw new JobRefused(MALFORMED_PART(MAIN_PART, trial));
  if (main.parsed?.documentElement?.localName !== 'document')
    throw new Error(`the template's ${MAIN_PART} is not a Word document`);
  // Every other XML part: the filled ones (headers, footers, footnotes, the properties),
  // the relationships and content types read and added to, and those carried as they are.
  for (const part of Object.values(zip.files)) {
    if (part.dir || part.name === MAIN_PART || !/\.(xml|rels)$/i.test(part.name)) continue;
    const { problem } = parseXml(part.asText());
    if (problem) throw new JobRefused(MALFORMED_PART(part.name, trial));
  }
}

type Value = string | boolean | (() => string);

/** What each kind of tag is filled with: text ({subject}), Word's XML ({@paragraphs}) and
 *  whether a section shows ({#cc}…{/cc}). Maps: a tag is never looked up on a prototype. */
interface TagValues {
  text: Map<string, Value>;
  raw: Map<string, Value>;
  sections: Map<string, Value>;
}

interface SeenTag {
  /** As the template writes it: «{Subject}», «{@subject}». */
  written: string;
  known: boolean;
  raw: boolean;
  /** About how many characters of XML the tag is filled with. */
  size: number;
  /** Whether it shows the body ({body}, {@paragraphs}). */
  body: boolean;
}

/** A text tag's line break is a run of its own in Word's XML («</w:t></w:r><w:r><w:br/>…»). */
const LINE_BREAK_SIZE = 60;

const sizeOf = (value: Value | undefined, raw: boolean) =>
  typeof value !== 'string'
    ? 0
    : raw
      ? value.length
      : value.length +
        (value.match(/[&<>"]/g)?.length ?? 0) * 5 +
        (value.match(/\n/g)?.length ?? 0) * LINE_BREAK_SIZE;

/**
 * The most characters a fill may put into the template's XML. docxtemplater copies a
 * tag's value once for every place the template shows it: a 1 KB template showing
 * {@paragraphs} 200 times filled with a 200,000-character body unpacked to 142 MB in 11 s.
 * A long body printed once (the built-in template) stays well within it.
 */
export const FILL_LIMIT = 16_000_000;

/** The body alone, written once, passes FILL_LIMIT: no template prints it. */
export const BODY_TOO_BIG =
  'متن نامه برای چاپ بیش از حد بزرگ است: جدول‌ها و خانه‌های آن در نامه چاپی از اندازهٔ مجاز می‌گذرند و هیچ قالبی آن را چاپ نمی‌کند؛ متن نامه را کوتاه‌تر یا جدول‌هایش را ساده‌تر کنید';

/** Past FILL_LIMIT: the body, when the template shows it, is what grew the fill. */
export const BODY_TOO_LONG = (places: number) =>
  places
    ? `متن نامه برای این قالب بیش از حد بلند است: قالب متن نامه را ${toPersianDigits(places)} بار نشان می‌دهد و نامه چاپی بیش از حد بزرگ می‌شود؛ قالبی دیگر برگزینید یا متن نامه را کوتاه‌تر کنید`
    : 'متن‌های نامه (موضوع، گیرندگان و …) برای این قالب بیش از حد بلند است: قالب آنها را بارها نشان می‌دهد و نامه چاپی بیش از حد بزرگ می‌شود؛ قالبی دیگر برگزینید';

/**
 * docxtemplater's parser: a tag is filled only from its own kind's values, so a raw tag
 * ({@subject}) never puts a letter's text into the document as XML, and a tag that is
 * none of TEMPLATE_TAGS is empty (nullGetter). Every tag met is noted for the trial.
 */
function tagParser(values: TagValues, seen: SeenTag[]) {
  return (tag: string, meta?: { tag?: { module?: string; raw?: string } }) => {
    const module = meta?.tag?.module;
    const kind =
      module === 'rawxml' ? values.raw : module === 'loop' ? values.sections : module ? null : values.text;
    const value = kind?.get(tag);
    const raw = module === 'rawxml';
    seen.push({
      written: `{${meta?.tag?.raw ?? tag}}`,
      known: value !== undefined,
      raw,
      size: kind === values.sections ? 0 : sizeOf(value, raw),
      body: kind !== values.sections && (tag === 'body' || tag === 'paragraphs'),
    });
    return { get: () => value };
  };
}

const list = (tags: Iterable<string>) => [...new Set(tags)].slice(0, 10).map(shownTag).join('، ');

export const UNKNOWN_TAGS = (written: Iterable<string>) =>
  `فایل قالب برچسب ناشناخته دارد: ${list(written)}. برچسب‌ها با همین حروف کوچک و بزرگ و بی فاصله نوشته می‌شوند: ${TEMPLATE_TAGS.map(shownTag).join('، ')}`;
export const RAW_TAG_REFUSED = (written: Iterable<string>) =>
  `فایل قالب برچسب ${list(written)} دارد که مجاز نیست: تنها ${RAW_TAGS.map((tag) => shownTag(`{@${tag}}`)).join(' و ')} با @ نوشته می‌شوند؛ بقیه بی @ می‌آیند، مانند ${shownTag('{subject}')}`;

/** An upload's tags: any not in TEMPLATE_TAGS refuses the template, naming it. */
function refuseUnknownTags(seen: readonly SeenTag[]) {
  const raw = seen.filter((tag) => tag.raw && !tag.known).map((tag) => tag.written);
  if (raw.length) throw new JobRefused(RAW_TAG_REFUSED(raw));
  const unknown = seen.filter((tag) => !tag.known).map((tag) => tag.written);
  if (unknown.length) throw new JobRefused(UNKNOWN_TAGS(unknown));
}

/** The parts a body tag may stand in. */
const BODY_PARTS = /^word\/(document|header\d*|footer\d*)\.xml$/;

/** The look of the first paragraph of the template that holds {@paragraphs} (HostLook): its
 *  style, and its first run's font, size and colour (else its paragraph mark's). */
export function hostLookOf(zip: PizZip): HostLook {
  for (const name of Object.keys(zip.files).filter((file) => BODY_PARTS.test(file))) {
    const text = zip.file(name)?.asText() ?? '';
    for (const [paragraph] of text.matchAll(/<w:p[\s>][\s\S]*?<\/w:p>/g)) {
      if (!paragraph.replace(/<[^>]*>/g, '').includes('{@paragraphs}')) continue;
      const mark = /<w:pPr>([\s\S]*?)<\/w:pPr>/.exec(paragraph)?.[1] ?? '';
      const afterMark = paragraph.slice(paragraph.indexOf('</w:pPr>') + 1);
      const run = /<w:r[\s>][\s\S]*?<w:rPr>([\s\S]*?)<\/w:rPr>/.exec(afterMark)?.[1];
      const look = run ?? /<w:rPr>([\s\S]*?)<\/w:rPr>/.exec(mark)?.[1] ?? '';
      const size = /<w:sz w:val="(\d+)"/.exec(look)?.[1];
      return {
        style: /<w:pStyle\b[^>]*\/>/.exec(mark)?.[0],
        font: /<w:rFonts\b[^>]*\/>/.exec(look)?.[0],
        size: size ? Number(size) : undefined,
        color: /<w:color w:val="([0-9A-Fa-f]{6})"/.exec(look)?.[1]?.toUpperCase(),
      };
    }
  }
  return {};
}

function tagValues({ text, body }: FillInput, signature: (() => string) | null, host: HostLook): TagValues {
  const texts = new Map<string, string>(TEXT_TAGS.map((tag) => [tag, printable(text[tag] ?? '')]));
  texts.set('body', printable(plainLines(body).join('\n')));
  const sections = new Map<string, Value>(texts);
  sections.set('paragraphs', texts.get('body') !== '');
  sections.set('signature', signature !== null);
  const raw = new Map<string, Value>([
    ['paragraphs', wordBlocks(body, true, host)],
    ['signature', signature ?? '<w:p/>'],
  ]);
  return { text: texts, raw, sections };
}

/** The filled document; throws when the template cannot be filled (JobRefused, with the
 *  reason in Persian, for a trial's unknown tags). */
export function fillTemplate(input: FillInput): Uint8Array {
  const { document, picture } = input;
  // Judged again here: a template stored before the limits were checked at upload.
  if (!templateWithinLimits(document)) throw new Error('the template unpacks past its limits');
  const zip = new PizZip(document);
  checkParts(zip, Boolean(input.trial));
  const signaturePicture = picture
    ? pictureOf(Buffer.from(picture.buffer, picture.byteOffset, picture.byteLength))
    : null;
  // The picture's part goes in before docxtemplater reads the package.
  const signature = signaturePicture ? embedPicture(zip, signaturePicture) : null;
  const seen: SeenTag[] = [];
  const doc = new Docxtemplater(zip, {
    paragraphLoop: true,
    linebreaks: true,
    errorLogging: false,
    parser: tagParser(tagValues(input, signature, hostLookOf(zip)), seen),
    nullGetter: () => '',
  });
  if (input.trial) refuseUnknownTags(seen);
  // Judged before the work: the fill's size is known from the tags the template shows.
  if (seen.reduce((sum, tag) => sum + tag.size, 0) > FILL_LIMIT)
    throw new JobRefused(BODY_TOO_LONG(seen.filter((tag) => tag.body).length));
  doc.render();
  return doc.toBuffer();
}
