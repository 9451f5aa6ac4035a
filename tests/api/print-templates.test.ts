// Printing a letter into a Word template, over real HTTP: the body keeps its formatting
// (headings, emphasis, colours, numbered and bulleted lists, tables with borders, links
// with their address, alignment); a template naming a tag that is not one of the
// documented ones — or a raw tag on a letter's field — is refused at upload, and one
// stored before prints such a tag as nothing, never "undefined"; an incoming letter's own
// number and date have tags; the signature prints in a header too, from a WebP picture
// too, and as it was when the letter was signed; a template's file is named .docx.
// Where LibreOffice is installed the printed letter is opened and read.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestServer, type TestServer } from './harness';
import { letters, letterWorld, type LetterWorld, type Someone } from './letters-kit';
import { tinyJpeg, tinyPng } from './fixtures';
import { asSystem } from '../../server/db/tenant-fence';
import { SIGNATURE_UNREADABLE } from '../../server/account/routes';
import type { LettersDb } from '../../server/letters/schema';
import {
  BODY_TOO_BIG,
  BODY_TOO_LONG,
  MALFORMED_PART,
  RAW_TAG_REFUSED,
  UNKNOWN_TAGS,
} from '../../server/letters/print-fill';
import { TEMPLATE_FILES, TEMPLATE_TOO_LARGE } from '../../server/masterdata/resource-hooks/template';
import { minimalDocx } from '../../server/seed/correspondence-seed';
import { formatJalali } from '../../src/shared/jalali';
import { toPersianDigits } from '../../src/shared/persian-digits';

const hasLibreOffice = ['soffice', 'pdftotext', 'pdfimages'].every((tool) => {
  try {
    execFileSync('which', [tool], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});

/** A second PNG, unlike tinyPng(): 1×1. */
const otherPng = () =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
/** A lossy 1×1 WebP. */
const webp = () => Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');

const RICH_BODY =
  '<h1>عنوان نامه</h1>' +
  '<p>متن <strong>پررنگ</strong>، <em>کج</em>، <u>زیرخط</u>، <s>خط‌خورده</s>، ' +
  '<span style="color: #e03131">سرخ</span> و <mark data-color="#ffec99" style="background-color: #ffec99">برجسته</mark>. ' +
  'نشانی: <a href="https://example.com/a?b=1">سایت نمونه</a></p>' +
  '<p style="text-align: center">وسط‌چین</p><p style="text-align: left">چپ‌چین</p>' +
  '<ol><li><p>مورد یکم</p></li><li><p>مورد دوم</p></li></ol><ul><li><p>گلوله</p></li></ul>' +
  '<table><tbody><tr><th>سرستون</th><th>ستون دوم</th></tr><tr><td>خانه الف</td><td>خانه ب</td></tr></tbody></table>';

/** The runs of a part, each with its properties and its text. */
const runsOf = (xml: string) =>
  [...xml.matchAll(/<w:r>(.*?)<\/w:r>/g)].map(([, run]) => ({
    properties: /<w:rPr>(.*?)<\/w:rPr>/.exec(run)?.[1] ?? '',
    text: [...run.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map(([, t]) => t).join(''),
  }));
const runWith = (xml: string, text: string) => runsOf(xml).find((run) => run.text.includes(text));
/** A part's text, paragraph by paragraph. */
const textOf = (xml: string) =>
  [...xml.matchAll(/<w:p[ >].*?<\/w:p>|<w:p\/>/g)]
    .map(([p]) => [...p.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map(([, t]) => t).join(''))
    .join('\n');

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const paragraph = (text: string) =>
  `<w:p><w:pPr><w:bidi/></w:pPr><w:r><w:rPr><w:rtl/></w:rPr><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/** A template whose header (its own part, with its own relationships) holds `header`. */
function withHeader(header: string[], body: string[]): Buffer {
  const zip = new PizZip(minimalDocx(body));
  zip.file(
    'word/header1.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:hdr ${W} ${R}>${header.map(paragraph).join('')}</w:hdr>`,
  );
  zip.file(
    'word/_rels/document.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rIdHeader" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/></Relationships>',
  );
  const types = zip.file('[Content_Types].xml')!.asText();
  zip.file(
    '[Content_Types].xml',
    types.replace(
      '</Types>',
      '<Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/></Types>',
    ),
  );
  const document = zip.file('word/document.xml')!.asText();
  zip.file(
    'word/document.xml',
    document
      .replace(`<w:document ${W}>`, `<w:document ${W} ${R}>`)
      .replace('<w:sectPr/>', '<w:sectPr><w:headerReference w:type="default" r:id="rIdHeader"/></w:sectPr>'),
  );
  return zip.generate({ type: 'nodebuffer' });
}

/** The package with one part's text changed. */
function withPart(data: Buffer, name: string, edit: (text: string) => string): Buffer {
  const zip = new PizZip(data);
  zip.file(name, edit(zip.file(name)!.asText()));
  return zip.generate({ type: 'nodebuffer' });
}

/** Templates whose Word XML is not well-formed, each with the part that is not. */
const MALFORMED: Array<[string, Buffer, string]> = [
  [
    '& تنها',
    withPart(minimalDocx(['نشان']), 'word/document.xml', (x) => x.replace('نشان', 'R&D {subject}')),
    'word/document.xml',
  ],
  [
    '&nbsp;',
    withPart(minimalDocx(['نشان']), 'word/document.xml', (x) => x.replace('نشان', 'a&nbsp;b')),
    'word/document.xml',
  ],
  [
    '&xxe;',
    withPart(minimalDocx(['نشان']), 'word/document.xml', (x) => x.replace('نشان', '&xxe;')),
    'word/document.xml',
  ],
  [
    'ویژگی بی گیومه',
    withPart(minimalDocx(['{subject}']), 'word/document.xml', (x) =>
      x.replace('<w:bidi/>', '<w:bidi/><w:jc w:val=center/>'),
    ),
    'word/document.xml',
  ],
  [
    'نویسه کنترلی',
    withPart(minimalDocx(['نشان']), 'word/document.xml', (x) => x.replace('نشان', 'a\u0001b')),
    'word/document.xml',
  ],
  [
    'برچسب بسته‌نشده',
    withPart(minimalDocx(['{subject}']), 'word/document.xml', (x) =>
      x.replace('</w:p><w:sectPr/>', '<w:sectPr/>'),
    ),
    'word/document.xml',
  ],
  [
    'سرصفحه بسته‌نشده',
    withPart(withHeader(['سربرگ'], ['{subject}']), 'word/header1.xml', (x) =>
      x.replace('</w:p></w:hdr>', '</w:hdr>'),
    ),
    'word/header1.xml',
  ],
  [
    'سرصفحه با &',
    withPart(withHeader(['سربرگ'], ['{subject}']), 'word/header1.xml', (x) => x.replace('سربرگ', 'R&D')),
    'word/header1.xml',
  ],
  [
    'روابط نادرست',
    withPart(withHeader(['سربرگ'], ['{subject}']), 'word/_rels/document.xml.rels', (x) =>
      x.replace('Id="rIdHeader"', 'Id=rIdHeader'),
    ),
    'word/_rels/document.xml.rels',
  ],
];

/** The PDF LibreOffice makes of a document: its text (without bidi marks) and its pictures. */
function openInLibreOffice(docx: Buffer): { text: string; pictures: number } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'dabir-print-'));
  try {
    fs.writeFileSync(path.join(folder, 'letter.docx'), docx);
    execFileSync(
      'soffice',
      ['--headless', '--norestore', '--convert-to', 'pdf', '--outdir', folder, 'letter.docx'],
      {
        cwd: folder,
        env: { ...process.env, HOME: folder },
        timeout: 120_000,
        stdio: 'ignore',
      },
    );
    const pdf = path.join(folder, 'letter.pdf');
    const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(
      /[\u200e\u200f\u202a-\u202e]/g,
      '',
    );
    const listed = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).trim().split('\n');
    return { text, pictures: listed.length - 2 }; // two lines of column heads
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe.each(ENGINES)('print: body, tags and signature (%s)', (engine) => {
  let server: TestServer;
  let w: LetterWorld;
  let api: ReturnType<typeof letters>;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    w = await letterWorld(server);
    api = letters(server, w);
  });
  afterAll(() => server?.stop());

  const upload = async (name: string, data: Buffer, fileName = `${name}.docx`) => {
    const form = new FormData();
    form.append('TemplateName', name);
    form.append('File', new File([new Uint8Array(data)], fileName));
    return (await server.api.call('POST', 'template/create/', { token: w.admin.token, form })).body;
  };
  const template = async (name: string, data: Buffer) => {
    const created = await upload(name, data);
    expect(created, name).toMatchObject({ status: 1 });
    return created.id as number;
  };
  const print = async (templateId: number, id: number, who: Someone = w.maryam) => {
    const response = await fetch(`${server.baseUrl}/api/message/docx?templateId=${templateId}&id=${id}`, {
      headers: { host: 'localhost', authorization: `Bearer ${who.token}` },
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-type'), bytes.toString('utf8', 0, 200)).toContain(
      'wordprocessingml',
    );
    return { bytes, zip: new PizZip(bytes) };
  };
  const part = (zip: PizZip, name = 'word/document.xml') => zip.file(name)!.asText();
  /** An incoming letter to Ali from a new customer (coded `code`), sent by the administrator. */
  const sendIncoming = async (code: string, fields: Record<string, string>) => {
    const customer = (
      await server.api.post(
        'customer/create/',
        { Name: `شرکت ${code}`, Code: code, CreatedDate: '2025-01-01', CreditDate: '2026-01-01' },
        { token: w.admin.token },
      )
    ).body.id as number;
    const answer = await api.save(w.admin, {
      MessageTypeFk: 5,
      AndikatorFk: w.scheme[5],
      SelectedTo: [w.ali.personId],
      ReciveMethodFk: w.reciveMethod,
      MessageFromCustomerFk: customer,
      IsSend: 1,
      ...fields,
    });
    expect(answer.status).toBe(1);
    return answer as { id: number };
  };
  const setSignature = async (who: Someone, data: Buffer, name: string) => {
    const form = new FormData();
    form.append('UserSignPic', new Blob([new Uint8Array(data)]), name);
    const answer = await server.api.call('PUT', 'user/changeusersetting/', { token: who.token, form });
    expect(answer.body.status).toBe(1);
  };
  const signedDraft = async (who: Someone, subject: string) => {
    const id = await api.draft(who, [w.ali], { Subject: subject });
    expect(await api.post(who, 'message/sign/', { id })).toMatchObject({ status: 1 });
    return id;
  };

  it('prints the body as the editor made it: headings, emphasis, colours, lists, tables, links, alignment', async () => {
    const id = await api.draft(w.maryam, [w.ali], { Subject: 'نامه قالب‌دار', MessageBody: RICH_BODY });
    const builtIn = (
      await server.api.get('template/list/', { Count: -1 }, { token: w.admin.token })
    ).body.records.find((t: { isPublic: boolean }) => t.isPublic).templateManagerId as number;
    const document = part((await print(builtIn, id)).zip);

    expect(runWith(document, 'پررنگ')?.properties).toContain('<w:b/><w:bCs/>');
    expect(runWith(document, 'کج')?.properties).toContain('<w:i/><w:iCs/>');
    expect(runWith(document, 'زیرخط')?.properties).toContain('<w:u w:val="single"/>');
    expect(runWith(document, 'خط‌خورده')?.properties).toContain('<w:strike/>');
    expect(runWith(document, 'سرخ')?.properties).toContain('<w:color w:val="E03131"/>');
    expect(runWith(document, 'برجسته')?.properties).toContain('w:fill="FFEC99"');
    // Persian runs are right to left; the heading is larger and bold.
    expect(runWith(document, 'عنوان نامه')?.properties).toMatch(/<w:b\/>.*<w:sz w:val="36"\/>.*<w:rtl\/>/);
    // A link: its text, then its address (a run of its own, not marked right to left).
    expect(runWith(document, 'https://example.com/a?b=1')?.properties).not.toContain('<w:rtl/>');
    const text = textOf(document);
    expect(text).toContain('سایت نمونه (https://example.com/a?b=1)');
    // Numbers in Persian digits, bullets; each a paragraph of its own.
    expect(text.split('\n')).toEqual(expect.arrayContaining(['۱. مورد یکم', '۲. مورد دوم', '• گلوله']));
    // A table with borders, right to left, its cells apart.
    expect(document).toMatch(/<w:tbl><w:tblPr><w:bidiVisual\/>.*<w:tblBorders>/);
    const cells = [...document.matchAll(/<w:tc>.*?<\/w:tc>/g)].map(([cell]) => textOf(cell));
    expect(cells).toEqual(['سرستون', 'ستون دوم', 'خانه الف', 'خانه ب']);
    expect(text).not.toContain('خانه الفخانه ب');
    // Alignment: centred; left in a right-to-left paragraph is its end («right»).
    expect(document).toMatch(/<w:jc w:val="center"\/><\/w:pPr><w:r>.*?وسط‌چین/);
    expect(document).toMatch(/<w:bidi\/><w:jc w:val="right"\/><\/w:pPr><w:r>(?:(?!<\/w:p>).)*چپ‌چین/);

    // {body}: the same body as lines of text, a row's cells between «|».
    const plain = part((await print(await template('متن ساده', minimalDocx(['{body}'])), id)).zip);
    expect(plain).toContain('خانه الف | خانه ب');
    expect(plain).toContain('۱. مورد یکم');
  });

  it('refuses at upload a tag that is none of the documented ones, naming it and listing the valid ones', async () => {
    for (const tag of ['{Subject}', '{SUBJECT}', '{ subject }', '{foo}', '{نام}']) {
      const answer = await upload('برچسب نادرست', minimalDocx([`موضوع: ${tag}`, '{number}']));
      expect(answer, tag).toEqual({ status: 0, message: UNKNOWN_TAGS([tag]) });
      expect(answer.message).toContain(tag);
      // Each tag isolated left to right, so a Persian sentence draws it as written.
      const shown = (tags: string[]) => tags.map((t) => `\u2066${t}\u2069`).join('، ');
      expect(answer.message).toContain(shown(['{subject}', '{number}', '{date}']));
      expect(answer.message).toContain(shown(['{importedNumber}', '{importedDate}']));
    }
    // A raw tag puts Word's XML in the document: only the body's and the signature's.
    const raw = await upload('برچسب خام', minimalDocx(['{@subject}']));
    expect(raw).toEqual({ status: 0, message: RAW_TAG_REFUSED(['{@subject}']) });
    // The documented tags, sections among them, are taken.
    await template(
      'همه برچسب‌ها',
      minimalDocx([
        '{subject} {number} {date} {type} {sender} {recipients} {cc} {signer} {importedNumber} {importedDate} {body}',
        '{#cc}رونوشت: {cc}{/cc}{^cc}بی رونوشت{/cc}',
        '{@paragraphs}',
        '{@signature}',
      ]),
    );
  });

  it('prints an unknown tag of a template stored before as nothing, never "undefined", and a raw field as nothing', async () => {
    const id = await api.draft(w.maryam, [w.ali], { Subject: 'موضوع محرمانه' });
    const templateId = await template('قالب پیش از بررسی برچسب‌ها', minimalDocx(['{subject}']));
    // Stored before tags were checked.
    const tenantId = (await server.built.services.tenants.byHost('localhost'))!.id;
    const [{ stored_name }] = await asSystem(() =>
      server.built.services.db
        .selectFrom('templates')
        .select('stored_name')
        .where('id', '=', templateId)
        .execute(),
    );
    fs.writeFileSync(
      server.built.services.files.pathOf(tenantId, TEMPLATE_FILES, stored_name)!,
      minimalDocx(['الف {Subject} {foo} {نام} ب', '{@subject}', 'پایان {subject}']),
    );
    const text = textOf(part((await print(templateId, id)).zip));
    expect(text).not.toContain('undefined');
    expect(text.split('\n')).toEqual(['الف    ب', 'پایان موضوع محرمانه']);
  });

  it('fills an incoming letter’s own number and date, and a section only when its tag has a value', async () => {
    const saved = await sendIncoming('P-1', {
      Subject: 'نامه وارده',
      MessageBody: '<p>متن</p>',
      ImportedMsgNumber: '123/الف',
      ImportedMsgDate: '2026-03-10T00:00:00.000Z',
    });
    const templateId = await template(
      'قالب وارده',
      minimalDocx([
        'شماره نامه وارده: {importedNumber}',
        'تاریخ نامه وارده: {importedDate}',
        '{#cc}رونوشت: {cc}{/cc}',
      ]),
    );
    const text = textOf(part((await print(templateId, saved.id, w.admin)).zip));
    expect(text).toContain('شماره نامه وارده: ۱۲۳/الف');
    expect(text).toContain(`تاریخ نامه وارده: ${toPersianDigits(formatJalali('2026-03-10T00:00:00.000Z'))}`);
    expect(text).not.toContain('رونوشت');
  });

  it('prints with the built-in template the type, an incoming letter’s own number and date, and a number or copies line only when there is one', async () => {
    const builtIn = (
      await server.api.get('template/list/', { Count: -1 }, { token: w.admin.token })
    ).body.records.find((t: { isPublic: boolean }) => t.isPublic).templateManagerId as number;
    const lines = async (id: number, who: Someone) =>
      textOf(part((await print(builtIn, id, who)).zip)).split('\n');

    // An incoming letter, numbered, with its sender's number and date, and no copies.
    const incoming = await sendIncoming('P-2', {
      Subject: 'نامه وارده با قالب پیش‌فرض',
      MessageBody: '<p>متن نامه وارده</p>',
      ImportedMsgNumber: '۴۵۶/ب',
      ImportedMsgDate: '2026-02-15T00:00:00.000Z',
    });
    const number = (await api.get(w.admin, incoming.id)).record.displayMessageNumber as string;
    expect(number).toBeTruthy();
    const printed = await lines(incoming.id, w.admin);
    expect(printed).toEqual(
      expect.arrayContaining([
        'نامه وارده',
        `شماره: ${toPersianDigits(number)}`,
        'شماره نامه وارده: ۴۵۶/ب',
        `تاریخ نامه وارده: ${toPersianDigits(formatJalali('2026-02-15T00:00:00.000Z'))}`,
        'موضوع: نامه وارده با قالب پیش‌فرض',
        'متن نامه وارده',
      ]),
    );
    expect(printed.join('\n')).not.toContain('رونوشت');
    expect(printed).not.toContain('بدون شماره');

    // A draft: no number yet, copies, and a table whose first row is one cell three wide.
    const draft = await api.draft(w.maryam, [w.ali], {
      Subject: 'پیش‌نویس با رونوشت',
      SelectedCC: [w.hossein.personId],
      MessageBody:
        '<table><tbody><tr><td colspan="3">سرفصل</td></tr><tr><td>الف</td><td>ب</td><td>ج</td></tr></tbody></table>',
    });
    const cc = (await api.get(w.maryam, draft)).record.messageCc as string;
    expect(cc).toBeTruthy();
    const document = part((await print(builtIn, draft)).zip);
    const draftLines = textOf(document).split('\n');
    expect(draftLines).toEqual(expect.arrayContaining(['نامه داخلی', 'بدون شماره', `رونوشت: ${cc}`]));
    // No bare «شماره:», and no line for an incoming letter's number or date.
    expect(draftLines.join('\n')).not.toContain('شماره:');
    expect(draftLines.join('\n')).not.toContain('وارده');
    expect(document).not.toMatch(/\{[^}]*\}/);
    expect(document).toMatch(/<w:tc><w:tcPr><w:tcW w:w="\d+" w:type="dxa"\/><w:gridSpan w:val="3"\/>/);
  });

  it('puts the signature in a header: the picture is related from the header’s own part', async () => {
    await setSignature(w.hossein, tinyPng(), 'sign.png');
    const id = await signedDraft(w.hossein, 'امضا در سربرگ');
    const templateId = await template(
      'سربرگ با امضا',
      withHeader(['{@signature}', '{subject}'], ['{number}']),
    );
    const { zip, bytes } = await print(templateId, id, w.hossein);
    expect(part(zip, 'word/header1.xml')).toContain('r:embed="rIdDabirSignature"');
    expect(part(zip, 'word/header1.xml')).toContain('امضا در سربرگ');
    expect(part(zip, 'word/_rels/header1.xml.rels')).toMatch(
      /<Relationship Id="rIdDabirSignature" Type="[^"]+\/image" Target="media\/dabir-signature\.png"\/>/,
    );
    if (engine === 'pglite' && hasLibreOffice) expect(openInLibreOffice(bytes).pictures).toBe(1);
  }, 150_000);

  it('prints a WebP signature', async () => {
    await setSignature(w.zahra, webp(), 'sign.webp');
    const id = await signedDraft(w.zahra, 'امضای وب‌پی');
    const templateId = await template('امضای تصویری', minimalDocx(['{subject}', '{@signature}']));
    const { zip, bytes } = await print(templateId, id, w.zahra);
    expect(zip.file('word/media/dabir-signature.webp')!.asNodeBuffer().equals(webp())).toBe(true);
    expect(part(zip, '[Content_Types].xml')).toContain(
      '<Default Extension="webp" ContentType="image/webp"/>',
    );
    expect(part(zip)).toContain('r:embed="rIdDabirSignature"');
    if (engine === 'pglite' && hasLibreOffice) expect(openInLibreOffice(bytes).pictures).toBe(1);
  }, 150_000);

  it('prints a JPEG signature whose markers are padded with fill bytes; refuses one whose size cannot be read', async () => {
    // `FF D8 FF FF E0…`: a fill byte before the first marker, as ITU T.81 allows.
    const padded = Buffer.concat([
      tinyJpeg().subarray(0, 2),
      Buffer.from([0xff, 0xff]),
      tinyJpeg().subarray(2),
    ]);
    await setSignature(w.admin, padded, 'sign.jpg');
    const id = await signedDraft(w.admin, 'امضای جی‌پگ');
    const templateId = await template('امضای جی‌پگ', minimalDocx(['{subject}', '{@signature}']));
    const { zip, bytes } = await print(templateId, id, w.admin);
    expect(zip.file('word/media/dabir-signature.jpeg')!.asNodeBuffer().equals(padded)).toBe(true);
    expect(part(zip)).toContain('r:embed="rIdDabirSignature"');
    if (engine === 'pglite' && hasLibreOffice) expect(openInLibreOffice(bytes).pictures).toBe(1);

    // A JPEG with no frame before its data: taken by its first bytes, but it could never print.
    const form = new FormData();
    const frameless = Buffer.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0,
      16,
      ...Buffer.from('JFIF\0'),
      1,
      1,
      0,
      0,
      1,
      0,
      1,
      0,
      0,
      0xff,
      0xd9,
    ]);
    form.append('UserSignPic', new Blob([new Uint8Array(frameless)]), 'broken.jpg');
    const answer = await server.api.call('PUT', 'user/changeusersetting/', { token: w.admin.token, form });
    expect(answer.body).toMatchObject({ status: 0, message: SIGNATURE_UNREADABLE });
  }, 150_000);

  it('prints the signature a letter was signed with, not the picture its signer has now', async () => {
    const templateId = await template('امضای زمان امضا', minimalDocx(['{subject}', '{@signature}']));
    const picture = async (id: number) =>
      (await print(templateId, id, w.fatemeh)).zip.file('word/media/dabir-signature.png')?.asNodeBuffer();
    await setSignature(w.fatemeh, tinyPng(), 'first.png');
    const first = await signedDraft(w.fatemeh, 'امضای نخست');
    // A new picture replaces the user's file (the old one is deleted).
    await setSignature(w.fatemeh, otherPng(), 'second.png');
    const second = await signedDraft(w.fatemeh, 'امضای دوم');
    expect((await picture(first))?.equals(tinyPng())).toBe(true);
    expect((await picture(second))?.equals(otherPng())).toBe(true);
    // Signed before copies were kept: the signer's picture now, as before.
    await asSystem(() =>
      (server.built.services.db as unknown as LettersDb)
        .updateTable('messages')
        .set({ signed_pic: null })
        .where('id', '=', first)
        .execute(),
    );
    expect((await picture(first))?.equals(otherPng())).toBe(true);
    // Signature removed and the draft signed again: the picture at the new signing.
    expect(await api.post(w.fatemeh, 'message/removesign/', { id: second })).toMatchObject({ status: 1 });
    await setSignature(w.fatemeh, tinyPng(), 'third.png');
    expect(await api.post(w.fatemeh, 'message/sign/', { id: second })).toMatchObject({ status: 1 });
    expect((await picture(second))?.equals(tinyPng())).toBe(true);
  });

  it('names an uploaded template’s file .docx, without marks that turn how it reads', async () => {
    const docx = minimalDocx(['{subject}']);
    // A name of its own each (a template's name is its own in the tenant); a file with no
    // name of its own is named after the template.
    for (const [sent, stored, name] of [
      ['\u202Excod.exe', 'xcod.docx', 'قالب بی‌نام ۱'],
      ['نامه.exe', 'نامه.docx', 'قالب بی‌نام ۲'],
      ['سربرگ \u200Cاداری.docx', 'سربرگ \u200Cاداری.docx', 'قالب بی‌نام ۳'],
      ['\u202E.exe', 'قالب بی‌نام.docx', 'قالب بی‌نام'],
    ]) {
      const created = await upload(name, docx, sent);
      expect(created.status, sent).toBe(1);
      const record = (await server.api.get('template/get/', { Id: created.id }, { token: w.admin.token }))
        .body.record;
      expect(record.fileName, sent).toBe(stored);
      const file = await server.api.get(
        'template/download',
        { templateId: created.id },
        { token: w.admin.token },
      );
      expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(stored)}`);
    }
  });

  it('names the part count among the limits a template is refused for', async () => {
    const zip = new PizZip(minimalDocx(['{subject}']));
    for (let n = 0; n < 1000; n++) zip.file(`word/media/part${n}.bin`, 'x');
    expect(await upload('بخش‌های بسیار', zip.generate({ type: 'nodebuffer' }))).toEqual({
      status: 0,
      message: TEMPLATE_TOO_LARGE,
    });
    expect(TEMPLATE_TOO_LARGE).toContain('۱٬۰۰۰ بخش');
  });

  // Opened outside docxtemplater: LibreOffice reads the rich body. Once, on the embedded engine.
  it.runIf(engine === 'pglite' && hasLibreOffice)(
    'prints a rich body that LibreOffice reads: cells apart, numbers, bullets, the link’s address',
    async () => {
      const id = await api.draft(w.maryam, [w.ali], { Subject: 'نامه خوانا', MessageBody: RICH_BODY });
      const templateId = await template('متن غنی', minimalDocx(['{subject}', '{@paragraphs}']));
      const { text } = openInLibreOffice((await print(templateId, id)).bytes);
      const lines = text.split('\n').map((line) => line.trim());
      expect(text).toContain('عنوان نامه');
      expect(lines.some((line) => line.includes('خانه الف') && !line.includes('خانه الفخانه'))).toBe(true);
      expect(text).toContain('https://example.com/a?b=1');
      expect(text).toMatch(/۱\.|\.۱/);
      expect(text).toContain('•');
    },
    150_000,
  );
  const printEvents = async (id: number) =>
    (
      await asSystem(() =>
        (server.built.services.db as unknown as LettersDb)
          .selectFrom('message_events')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('message_id', '=', id)
          .where('event_type', '=', 13)
          .executeTakeFirstOrThrow(),
      )
    ).n.toString();
  const storedFile = async (templateId: number) => {
    const tenantId = (await server.built.services.tenants.byHost('localhost'))!.id;
    const [{ stored_name }] = await asSystem(() =>
      server.built.services.db
        .selectFrom('templates')
        .select('stored_name')
        .where('id', '=', templateId)
        .execute(),
    );
    return server.built.services.files.pathOf(tenantId, TEMPLATE_FILES, stored_name)!;
  };
  const printAnswer = (templateId: number, id: number, method = 'GET', who: Someone = w.maryam) =>
    fetch(`${server.baseUrl}/api/message/docx?templateId=${templateId}&id=${id}`, {
      method,
      headers: { host: 'localhost', authorization: `Bearer ${who.token}` },
    });

  it('refuses at upload a template with a part that is not well-formed XML, naming the part; at print one stored before', async () => {
    for (const [name, data, part] of MALFORMED)
      expect(await upload(name, data), name).toEqual({ status: 0, message: MALFORMED_PART(part, true) });
    expect(MALFORMED_PART('word/header1.xml', true)).toContain('سرصفحه');
    // Escaped, the same texts are taken.
    await template('نویسه‌های نشانه‌گذاری', minimalDocx(['R&D {subject}', 'a&nbsp;b', '<b>']));

    // Stored before parts were checked: refused in Persian, naming the part; no file, no event.
    const id = await api.draft(w.maryam, [w.ali], { Subject: 'قالب خراب' });
    const templateId = await template('پیش از بررسی XML', withHeader(['سربرگ'], ['{subject}']));
    for (const [name, data, part] of MALFORMED) {
      fs.writeFileSync(await storedFile(templateId), data);
      const response = await printAnswer(templateId, id);
      expect(response.headers.get('content-type'), name).toContain('application/json');
      expect(await response.json(), name).toEqual({ status: 0, message: MALFORMED_PART(part) });
    }
    expect(await printEvents(id)).toBe('0');
  });

  it.runIf(engine === 'pglite' && hasLibreOffice)(
    'takes a template LibreOffice wrote',
    async () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'dabir-template-'));
      try {
        fs.writeFileSync(
          path.join(folder, 'template.html'),
          '<html><head><meta charset="utf-8"></head><body dir="rtl"><p>موضوع: {subject}</p><p>R&amp;D «نشان» &nbsp; {number}</p>{@paragraphs}</body></html>',
        );
        execFileSync(
          'soffice',
          ['--headless', '--norestore', '--convert-to', 'docx:MS Word 2007 XML', 'template.html'],
          {
            cwd: folder,
            env: { ...process.env, HOME: folder },
            timeout: 120_000,
            stdio: 'ignore',
          },
        );
        const data = fs.readFileSync(path.join(folder, 'template.docx'));
        const id = await api.draft(w.maryam, [w.ali], { Subject: 'قالب لیبره‌آفیس' });
        const { zip } = await print(await template('قالب لیبره‌آفیس', data), id);
        expect(textOf(part(zip))).toContain('موضوع: قالب لیبره‌آفیس');
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
    150_000,
  );

  it('answers a HEAD of message/docx without filling the template or recording a print', async () => {
    const id = await api.draft(w.maryam, [w.ali], { Subject: 'سر' });
    const templateId = await template('قالب سر', minimalDocx(['{subject}']));
    const head = await printAnswer(templateId, id, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('wordprocessingml');
    expect(head.headers.get('content-disposition')).toContain(encodeURIComponent('نامه بدون شماره.docx'));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    expect(await printEvents(id)).toBe('0');
    // Checked as a print is: a template of nobody, a letter the viewer may not read.
    expect((await printAnswer(999_999, id, 'HEAD')).status).toBe(404);
    const other = await printAnswer(templateId, id, 'HEAD', w.zahra);
    expect(other.headers.get('content-type')).not.toContain('wordprocessingml');
    // A stored template that is malformed is not filled by a HEAD either.
    fs.writeFileSync(await storedFile(templateId), MALFORMED[0][1]);
    expect((await printAnswer(templateId, id, 'HEAD')).status).toBe(200);
    expect(await printEvents(id)).toBe('0');
    // A GET prints and records.
    fs.writeFileSync(await storedFile(templateId), minimalDocx(['{subject}']));
    await print(templateId, id);
    expect(await printEvents(id)).toBe('1');
  });

  it('cleans the printed file’s name: a number’s prefix names no folder, no marks, no characters Windows refuses', async () => {
    const templateId = await template('نام چاپ', minimalDocx(['{number}']));
    const id = await api.sendNew(w.maryam, [w.ali], { Subject: 'نام فایل' });
    const { number } = await asSystem(() =>
      (server.built.services.db as unknown as LettersDb)
        .selectFrom('messages')
        .select('number')
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    );
    const digits = toPersianDigits(String(number));
    for (const [prefix, name] of [
      ['الف۱/', `نامه الف۱-${digits}.docx`],
      ['../', `نامه ..-${digits}.docx`],
      ['ABC\\', `نامه ABC-${digits}.docx`],
      ['نامه:', `نامه نامه${digits}.docx`],
      ['<b>', `نامه b${digits}.docx`],
      ['\u202E', `نامه ${digits}.docx`],
    ]) {
      await asSystem(() =>
        (server.built.services.db as unknown as LettersDb)
          .updateTable('messages')
          .set({ andikator_prefix: prefix })
          .where('id', '=', id)
          .execute(),
      );
      for (const method of ['GET', 'HEAD']) {
        const disposition = (await printAnswer(templateId, id, method)).headers.get('content-disposition')!;
        expect(disposition, `${method} ${prefix}`).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
        expect(disposition).not.toMatch(/[/\\<>:]|%2F|%5C|%3C|%3A/i);
      }
    }
  });

  it('refuses to print a body too long for a template that shows it many times, saying so', async () => {
    const paragraphs = Array.from({ length: 200 }, () => '{@paragraphs}');
    const templateId = await template('متن دویست‌بار', minimalDocx(paragraphs));
    const body = `<p>${'ب'.repeat(199_990)}</p>`;
    const id = await api.draft(w.maryam, [w.ali], { Subject: 'متن بلند', MessageBody: body });
    const started = Date.now();
    const response = await printAnswer(templateId, id);
    expect(await response.json()).toEqual({ status: 0, message: BODY_TOO_LONG(200) });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(BODY_TOO_LONG(200)).toContain('۲۰۰ بار');
    expect(await printEvents(id)).toBe('0');
    // Shown once (and as text once), the same body prints.
    const once = await template('متن یک‌بار', minimalDocx(['{subject}', '{@paragraphs}', '{body}']));
    expect(part((await print(once, id)).zip)).toContain('ببببب');
  }, 60_000);

  it('prints a body of stair-stepping rowspans; says one whose tables pass the print limit prints in no template', async () => {
    const once = await template('جدول یک‌بار', minimalDocx(['{subject}', '{@paragraphs}']));
    // 199,984 characters: 63 columns of merged cells on every row, 40 MB, refused before.
    const stairs = `<table><tbody>${'<tr><td rowspan="1000">x</td></tr>'.repeat(5881)}</tbody></table>`;
    const printed = await api.draft(w.maryam, [w.ali], { Subject: 'جدول پله‌ای', MessageBody: stairs });
    const document = part((await print(once, printed)).zip);
    expect(document.match(/<w:tc>/g)).toHaveLength(5881);

    // 63 cells spanning 1,000 rows, thrice: ~21 MB of merged cells, in any template.
    const block = `<tr>${'<td rowspan="1000">x</td>'.repeat(63)}</tr>${'<tr></tr>'.repeat(999)}`;
    const body = `<table><tbody>${block.repeat(3)}</tbody></table>`;
    const id = await api.draft(w.maryam, [w.ali], { Subject: 'جدول بزرگ', MessageBody: body });
    const response = await printAnswer(once, id);
    expect(await response.json()).toEqual({ status: 0, message: BODY_TOO_BIG });
    expect(await printEvents(id)).toBe('0');
  }, 60_000);
});
