// A new tenant's correspondence master data: receive methods, one default numbering
// scheme per letter type, a small archive tree and one public (built-in) letter
// template. The template's .docx is generated here, so no binary lives in the repo.
import { withTenant } from '../db/tenant-fence';
import zlib from 'node:zlib';
import type { DB } from '../db/database';
import { andikator, archive, reciveMethod, template } from '../../src/schemas/correspondence';
import type { Resource } from '../../src/schemas/kit';
import { TREE_SEPARATOR } from '../masterdata/repository';
import { searchText, type Row } from '../masterdata/values';
import { inTransaction } from '../db/in-transaction';

// ---- a minimal .docx: a zip archive, entries stored without compression ----

const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1; // fixed, so the bytes are reproducible
const UTF8_NAMES = 0x0800;

/** The fields a local header and a central directory entry share, from `at` on. */
function entryFields(header: Buffer, at: number, crc: number, size: number, nameLength: number) {
  header.writeUInt16LE(20, at); // version needed
  header.writeUInt16LE(UTF8_NAMES, at + 2);
  header.writeUInt16LE(0, at + 4); // stored
  header.writeUInt16LE(0, at + 6); // time
  header.writeUInt16LE(DOS_DATE, at + 8);
  header.writeUInt32LE(crc, at + 10);
  header.writeUInt32LE(size, at + 14);
  header.writeUInt32LE(size, at + 18);
  header.writeUInt16LE(nameLength, at + 22);
}

/** A zip archive of `entries`, stored (method 0), as a .docx needs nothing more. */
export function storedZip(entries: ReadonlyArray<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    entryFields(local, 4, crc, data.length, nameBytes.length);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    entryFields(central, 6, crc, data.length, nameBytes.length);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A right-to-left Word document with one paragraph per line. */
export function minimalDocx(lines: readonly string[]): Buffer {
  const xml = (body: string) =>
    Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`, 'utf8');
  const paragraphs = lines
    .map(
      (line) =>
        `<w:p><w:pPr><w:bidi/></w:pPr><w:r><w:rPr><w:rtl/></w:rPr><w:t xml:space="preserve">${xmlEscape(line)}</w:t></w:r></w:p>`,
    )
    .join('');
  return storedZip([
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
          '</Relationships>',
      ),
    },
    {
      name: 'word/document.xml',
      data: xml(
        `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}<w:sectPr/></w:body></w:document>`,
      ),
    },
  ]);
}

export const BUILT_IN_TEMPLATE = { name: 'قالب پیش‌فرض نامه', fileName: 'letter-template.docx' };

/** The paragraphs of `lines`, all shown only when `tag` has a value: a section whose
 *  opening and closing tags stand alone in their paragraphs, which docxtemplater
 *  (paragraphLoop) drops with them — no empty line is left where the tag has none. */
const onlyWith = (tag: string, ...lines: string[]) => [`{#${tag}}`, ...lines, `{/${tag}}`];

/**
 * The built-in public template's document (served for templates with no stored file, so
 * every tenant's built-in template prints with this one, as soon as the server runs it;
 * it cannot be edited — a public template is locked). The tags a letter's print fills are
 * listed in server/letters/print-fill.ts: the letter's type; its number, or «بدون شماره»
 * for a draft that has none; an incoming letter's own number and date when it has them;
 * the copies' line only when there are copies.
 */
export function builtInTemplateDocx(): Buffer {
  return minimalDocx([
    'نامه {type}',
    '{#number}شماره: {number}{/number}{^number}بدون شماره{/number}',
    'تاریخ: {date}',
    ...onlyWith('importedNumber', 'شماره نامه وارده: {importedNumber}'),
    ...onlyWith('importedDate', 'تاریخ نامه وارده: {importedDate}'),
    'از: {sender}',
    'به: {recipients}',
    ...onlyWith('cc', 'رونوشت: {cc}'),
    'موضوع: {subject}',
    '{@paragraphs}',
    '{signer}',
    '{@signature}',
  ]);
}

// ---- the seed ----

const RECEIVE_METHODS = ['نامه‌رسان', 'پست', 'پست الکترونیک', 'دورنگار', 'حضوری'];
const ANDIKATORS = [
  { title: 'اندیکاتور داخلی', prefix: 'د-', type: 4 },
  { title: 'اندیکاتور وارده', prefix: 'و-', type: 5 },
  { title: 'اندیکاتور صادره', prefix: 'ص-', type: 6 },
];
const ARCHIVE_TREE: Array<[string, string[]]> = [
  ['بایگانی عمومی', ['۱۴۰۵', '۱۴۰۴']],
  ['قراردادها', []],
];

/** A row as the engine would write it: with its search text. */
const withSearch = <T extends Row>(resource: Resource, row: T) => ({
  ...row,
  search_text: searchText(resource, row),
});

async function seedCorrespondenceMasterDataUnfenced(db: DB, tenantId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('recive_methods')
      .values(
        RECEIVE_METHODS.map((title) =>
          withSearch(reciveMethod, { tenant_id: tenantId, recive_method_title: title }),
        ),
      )
      .execute();
    await trx
      .insertInto('andikators')
      .values(
        ANDIKATORS.map((a) =>
          withSearch(andikator, {
            tenant_id: tenantId,
            andikator_title: a.title,
            andikator_pre_fix: a.prefix,
            start_number: 1,
            message_type_fk: a.type,
            is_active: true,
            is_default: true,
          }),
        ),
      )
      .execute();
    for (const [root, children] of ARCHIVE_TREE) {
      const parent = await trx
        .insertInto('archives')
        .values(withSearch(archive, { tenant_id: tenantId, archive_title: root, full_name: root }))
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const child of children) {
        await trx
          .insertInto('archives')
          .values(
            withSearch(archive, {
              tenant_id: tenantId,
              archive_title: child,
              parent_fk: parent.id,
              full_name: `${root}${TREE_SEPARATOR}${child}`,
            }),
          )
          .execute();
      }
    }
    await trx
      .insertInto('templates')
      .values(
        withSearch(template, {
          tenant_id: tenantId,
          template_name: BUILT_IN_TEMPLATE.name,
          is_public: true,
          file_name: BUILT_IN_TEMPLATE.fileName,
          stored_name: '',
        }),
      )
      .execute();
  });
}

/** Fenced to the tenant it writes for (tenant-fence.ts). */
export function seedCorrespondenceMasterData(db: DB, tenantId: number) {
  return withTenant(tenantId, () => seedCorrespondenceMasterDataUnfenced(db, tenantId));
}
