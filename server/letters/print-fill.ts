// The part of message/docx that fills the Word template, run in a worker thread
// (letters/print-worker.ts) because docxtemplater holds its thread for up to seconds on a
// large template. A template names what it shows with these tags (the built-in one uses them all):
//   {subject} {number} {date} {type} {sender} {recipients} {cc} {signer}
//   {body}          the body's text, paragraphs as line breaks
//   {@paragraphs}   the body as the document's own right-to-left paragraphs (alone in a paragraph)
//   {@signature}    the signer's signature picture when the letter is signed (alone in a paragraph)
// The picture is added to the package as a part of its own (word/media, a relationship,
// its content type), so the result is a plain .docx that Word and LibreOffice open.
import { DOMParser } from '@xmldom/xmldom';
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { templateWithinLimits } from '../files/template-limits';

/** What the print fills in: the texts are ready to show (digits, dates), not yet escaped. */
export interface FillInput {
  document: Uint8Array;
  /** The signer's signature picture (png, jpeg or gif), when the letter is signed. */
  picture: Uint8Array | null;
  text: Record<'subject' | 'number' | 'date' | 'type' | 'sender' | 'recipients' | 'cc' | 'signer', string>;
  /** The body's paragraphs as text. */
  paragraphs: readonly string[];
}

/** What XML 1.0 cannot hold — a letter's body may name it as an entity (`&#1;`), an old
 *  letter may hold U+FFFF — and Word and LibreOffice refuse a document that has one. */
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu; // eslint-disable-line no-control-regex
const printable = (text: string) => text.replace(NOT_XML, '');

const xml = (text: string) =>
  printable(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const rtlParagraph = (text: string) =>
  `<w:p><w:pPr><w:bidi/></w:pPr><w:r><w:rPr><w:rtl/></w:rPr><w:t xml:space="preserve">${xml(text)}</w:t></w:r></w:p>`;

interface Picture {
  data: Buffer;
  ext: 'png' | 'jpeg' | 'gif';
  width: number;
  height: number;
}

/** Width and height of a png, jpeg or gif, from its header; null for anything else. */
export function pictureOf(data: Buffer): Picture | null {
  if (data.length > 24 && data.readUInt32BE(0) === 0x89504e47)
    return { data, ext: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (data.length > 10 && data.toString('latin1', 0, 3) === 'GIF')
    return { data, ext: 'gif', width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  if (data.length > 4 && data[0] === 0xff && data[1] === 0xd8) {
    // Walk the segments to a start-of-frame marker, which holds the size.
    let at = 2;
    while (at + 9 < data.length && data[at] === 0xff) {
      const marker = data[at + 1];
      const length = data.readUInt16BE(at + 2);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
        return { data, ext: 'jpeg', height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
      at += 2 + length;
    }
  }
  return null;
}

const SIGNATURE_PART = 'word/media/dabir-signature';
const SIGNATURE_ID = 'rIdDabirSignature';
const EMU_PER_CM = 360_000;

/** Puts the picture in the package and answers the paragraph that shows it, 4 cm wide. */
function embedPicture(zip: PizZip, picture: Picture): string {
  const part = `${SIGNATURE_PART}.${picture.ext}`;
  zip.file(part, picture.data);
  const relsName = 'word/_rels/document.xml.rels';
  const rels =
    zip.file(relsName)?.asText() ??
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
  zip.file(
    relsName,
    rels.replace(
      '</Relationships>',
      `<Relationship Id="${SIGNATURE_ID}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/dabir-signature.${picture.ext}"/></Relationships>`,
    ),
  );
  const types = zip.file('[Content_Types].xml')?.asText() ?? '';
  if (!new RegExp(`Extension="${picture.ext}"`, 'i').test(types))
    zip.file(
      '[Content_Types].xml',
      types.replace(
        '</Types>',
        `<Default Extension="${picture.ext}" ContentType="image/${picture.ext}"/></Types>`,
      ),
    );
  const cx = 4 * EMU_PER_CM;
  const cy = Math.round((cx * Math.max(picture.height, 1)) / Math.max(picture.width, 1));
  return (
    `<w:p><w:pPr><w:bidi/></w:pPr><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" distT="0" distB="0" distL="0" distR="0">` +
    `<wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="7251" name="امضا"/>` +
    `<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
    `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="0" name="signature.${picture.ext}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:embed="${SIGNATURE_ID}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>` +
    `</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`
  );
}

const MAIN_PART = 'word/document.xml';

/**
 * Throws unless the package's main part is a Word document's well-formed XML. docxtemplater
 * fills what it can find tags in and hands the rest back as it was: a main part of garbage
 * came out as a "printed letter" that no word processor opens.
 */
function checkMainPart(zip: PizZip) {
  const text = zip.file(MAIN_PART)?.asText();
  if (text === undefined) throw new Error(`the template has no ${MAIN_PART}`);
  // xmldom throws on what is not well-formed; a DTD (entities) is refused, as docxtemplater does.
  const parsed = new DOMParser({ onError: () => undefined }).parseFromString(text, 'text/xml');
  if (parsed.doctype) throw new Error(`the template's ${MAIN_PART} declares a document type`);
  if (parsed.documentElement?.localName !== 'document')
    throw new Error(`the template's ${MAIN_PART} is not a Word document`);
}

/** The filled document; throws when the template cannot be filled. */
export function fillTemplate({ document, picture, text, paragraphs }: FillInput): Uint8Array {
  // Judged again here: a template stored before the limits were checked at upload.
  if (!templateWithinLimits(document)) throw new Error('the template unpacks past its limits');
  const zip = new PizZip(document);
  checkMainPart(zip);
  const signaturePicture = picture
    ? pictureOf(Buffer.from(picture.buffer, picture.byteOffset, picture.byteLength))
    : null;
  // The picture's part goes in before docxtemplater reads the package.
  const signature = signaturePicture ? embedPicture(zip, signaturePicture) : '<w:p/>';
  const doc = new Docxtemplater(zip, { paragraphLoop: true, linebreaks: true, errorLogging: false });
  doc.render({
    ...Object.fromEntries(Object.entries(text).map(([tag, value]) => [tag, printable(value)])),
    body: printable(paragraphs.join('\n')),
    paragraphs: paragraphs.map(rtlParagraph).join('') || rtlParagraph(''),
    signature,
  });
  return doc.toBuffer();
}
