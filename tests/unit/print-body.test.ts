// A letter's body as a printed letter shows it (letters/body.ts bodyBlocks, written as
// WordprocessingML by letters/print-fill.ts): blocks, looks, list numbers in Persian
// digits, table cells apart (rowspan and colspan on Word's grid), links with their
// address; runs cut where the script changes; a template's file name cleaned; a WebP's size
// read from its header. The search text (bodyParagraphs) is not what print reads.
import { describe, expect, it } from 'vitest';
import { bodyBlocks, bodyParagraphs, colourOf, sanitizeBody } from '../../server/letters/body';
import PizZip from 'pizzip';
import {
  BODY_TOO_BIG,
  fillTemplate,
  hostLookOf,
  MAX_PRINT_INDENT_LEVELS,
  plainLines,
  scriptRuns,
  wordBlocks,
} from '../../server/letters/print-fill';
import { minimalDocx } from '../../server/seed/correspondence-seed';
import { pictureOf } from '../../server/files/picture-size';
import { JobRefused } from '../../server/workers/worker-jobs';
import { TEXT_TAGS, type TextTag } from '../../src/shared/print-tags';
import { displayName } from '../../server/masterdata/resource-hooks/template';
import { imageFileName } from '../../server/letters/attachments';

const blocksOf = (html: string) => bodyBlocks(sanitizeBody(html));

describe('the body as blocks', () => {
  it('keeps paragraphs, headings, alignment, direction and the looks of its text', () => {
    const [heading, paragraph, centred, english] = blocksOf(
      '<h2>عنوان</h2><p><strong>پررنگ <em>و کج</em></strong> <span style="color: rgb(224, 49, 49)">سرخ</span></p>' +
        '<p style="text-align: center">وسط</p><p dir="ltr">English</p>',
    );
    expect(heading).toMatchObject({ kind: 'paragraph', heading: 2, inlines: [{ text: 'عنوان' }] });
    expect(paragraph).toMatchObject({
      inlines: [
        { text: 'پررنگ ', look: { bold: true } },
        { text: 'و کج', look: { bold: true, italic: true } },
        { text: ' ', look: {} },
        { text: 'سرخ', look: { color: 'E03131' } },
      ],
    });
    expect(centred).toMatchObject({ align: 'center' });
    expect(english).toMatchObject({ ltr: true });
  });

  it('numbers ordered items in Persian digits, bullets the others, and indents nested lists', () => {
    const blocks = blocksOf(
      '<ol><li><p>یک</p></li><li><p>دو</p><ul><li><p>زیر</p></li></ul></li></ol><ol><li>تازه</li></ol>',
    );
    expect(blocks.map((block) => block.kind === 'paragraph' && [block.prefix, block.indent])).toEqual([
      ['۱. ', 1],
      ['۲. ', 1],
      ['• ', 2],
      ['۱. ', 1],
    ]);
    expect(plainLines(blocks)).toEqual(['۱. یک', '۲. دو', '• زیر', '۱. تازه']);
  });

  it('indents a list nested past eight levels no further than the eighth on paper', () => {
    const nested = (levels: number): string =>
      levels === 0 ? '' : `<ul><li><p>سطح ${levels}</p>${nested(levels - 1)}</li></ul>`;
    const blocks = blocksOf(nested(30));
    expect(blocks.map((block) => block.kind === 'paragraph' && block.indent)).toEqual(
      Array.from({ length: 30 }, (_, at) => at + 1),
    );
    const indents = [...wordBlocks(blocks).matchAll(/<w:ind w:left="(\d+)"\/>/g)].map((match) =>
      Number(match[1]),
    );
    expect(indents.slice(0, 8)).toEqual(Array.from({ length: 8 }, (_, at) => (at + 1) * 567));
    expect(new Set(indents.slice(8))).toEqual(new Set([MAX_PRINT_INDENT_LEVELS * 567]));
  });

  it('keeps table cells apart, in print and in the search text (probe helper-96: «کالاقیمت»)', () => {
    const html = sanitizeBody(
      '<table><tr><th>کالا</th><th>قیمت</th></tr><tr><td>خانه الف</td><td>خانه ب</td></tr></table>',
    );
    expect(plainLines(bodyBlocks(html))).toEqual(['کالا | قیمت', 'خانه الف | خانه ب']);
    expect(bodyParagraphs(html)).toEqual(['کالا', 'قیمت', 'خانه الف', 'خانه ب']);
  });

  it('says a left-to-right paragraph is so, in a right-to-left table too (probe helper-100)', () => {
    const xml = wordBlocks(
      blocksOf(
        '<table><tbody><tr><td dir="ltr"><p dir="ltr">Cell one, English.</p></td><td><p>خانه فارسی</p></td></tr></tbody></table>' +
          '<p dir="ltr">English line.</p>',
      ),
    );
    const paragraphOf = (text: string) =>
      xml.slice(xml.lastIndexOf('<w:p>', xml.indexOf(text)), xml.indexOf(text));
    expect(paragraphOf('Cell one, English.')).toContain('<w:bidi w:val="0"/>');
    expect(paragraphOf('English line.')).toContain('<w:bidi w:val="0"/>');
    expect(paragraphOf('خانه فارسی')).toContain('<w:bidi/>');
  });

  it('keeps a numbered list’s first number, on screen and in print (probe helper-96)', () => {
    const html = sanitizeBody('<p>مقدمه</p><ol start="5"><li><p>پنجم</p></li><li><p>ششم</p></li></ol>');
    expect(html).toContain('<ol start="5">');
    expect(plainLines(bodyBlocks(html))).toEqual(['مقدمه', '۵. پنجم', '۶. ششم']);
    // Only a whole number of five digits at most; 1 is a list's own start.
    for (const start of ['abc', '-3', '1e3', '1234567890', '5; color: red', '1'])
      expect(sanitizeBody(`<ol start="${start}"><li>یک</li></ol>`)).toBe('<ol><li>یک</li></ol>');
    expect(sanitizeBody('<ul start="5"><li>یک</li></ul>')).toBe('<ul><li>یک</li></ul>');
  });

  it('parts the text of blocks it does not keep (a term from its definition, a caption from what follows)', () => {
    const html = sanitizeBody(
      '<dl><dt>واژه</dt><dd>توضیح</dd></dl><figure><figcaption>زیرنویس</figcaption></figure><details><summary>خلاصه</summary>متن</details>',
    );
    expect(bodyParagraphs(html)).toEqual(['واژه', 'توضیح', 'زیرنویس', 'خلاصه', 'متن']);
    expect(plainLines(bodyBlocks(html))).toEqual(['واژه', 'توضیح', 'زیرنویس', 'خلاصه', 'متن']);
  });

  it('prints a link as its text and then its address; an address shown as its text once', () => {
    const lines = plainLines(
      blocksOf(
        '<p><a href="https://example.com/x">سایت</a> <a href="https://a.ir">https://a.ir</a> <a href="mailto:x@y.ir">نامه</a></p>',
      ),
    );
    expect(lines).toEqual(['سایت (https://example.com/x) https://a.ir نامه (x@y.ir)']);
  });

  it('writes a table on Word’s grid: borders, right to left, spans merged', () => {
    const xml = wordBlocks(
      blocksOf(
        '<table><tr><th>الف</th><th>ب</th><th>ج</th></tr><tr><td rowspan="2">د</td><td colspan="2">ه</td></tr><tr><td>و</td><td>ز</td></tr></table>',
      ),
    );
    expect(xml).toMatch(/^<w:tbl><w:tblPr><w:bidiVisual\/><w:tblW w:w="5000" w:type="pct"\/><w:tblBorders>/);
    expect(xml.match(/<w:gridCol /g)).toHaveLength(3);
    const rows = [...xml.matchAll(/<w:tr>(.*?)<\/w:tr>/g)].map(([, row]) =>
      [...row.matchAll(/<w:tc>(.*?)<\/w:tc>/g)].map(([, cell]) => ({
        merge:
          /<w:vMerge(?: w:val="(\w+)")?\/>/.exec(cell)?.[1] ??
          (cell.includes('<w:vMerge/>') ? 'continue' : ''),
        span: /<w:gridSpan w:val="(\d+)"\/>/.exec(cell)?.[1] ?? '1',
        text: [...cell.matchAll(/<w:t[^>]*>([^<]*)</g)].map(([, t]) => t).join(''),
      })),
    );
    expect(rows).toEqual([
      [
        { merge: '', span: '1', text: 'الف' },
        { merge: '', span: '1', text: 'ب' },
        { merge: '', span: '1', text: 'ج' },
      ],
      [
        { merge: 'restart', span: '1', text: 'د' },
        { merge: '', span: '2', text: 'ه' },
      ],
      [
        { merge: 'continue', span: '1', text: '' },
        { merge: '', span: '1', text: 'و' },
        { merge: '', span: '1', text: 'ز' },
      ],
    ]);
    // A table cell, and the body, end in a paragraph.
    expect(xml.endsWith('</w:p>')).toBe(true);
  });

  it('merges a cell three columns wide above a row of three, and a block two wide and two high', () => {
    const cellsOf = (xml: string) =>
      [...xml.matchAll(/<w:tr>(.*?)<\/w:tr>/g)].map(([, row]) =>
        [...row.matchAll(/<w:tc><w:tcPr>(.*?)<\/w:tcPr>(.*?)<\/w:tc>/g)].map(([, properties, content]) => [
          properties.replace(/<w:tcW [^>]*\/>/, ''),
          [...content.matchAll(/<w:t[^>]*>([^<]*)</g)].map(([, t]) => t).join(''),
        ]),
      );
    const wide = wordBlocks(
      blocksOf('<table><tr><td colspan="3">سرفصل</td></tr><tr><td>الف</td><td>ب</td><td>ج</td></tr></table>'),
    );
    expect(wide.match(/<w:gridCol w:w="3000"\/>/g)).toHaveLength(3);
    // One cell the width of the three below it, not one column wide.
    expect(wide).toContain('<w:tc><w:tcPr><w:tcW w:w="9000" w:type="dxa"/><w:gridSpan w:val="3"/></w:tcPr>');
    expect(cellsOf(wide)).toEqual([
      [['<w:gridSpan w:val="3"/>', 'سرفصل']],
      [
        ['', 'الف'],
        ['', 'ب'],
        ['', 'ج'],
      ],
    ]);
    const block = wordBlocks(
      blocksOf(
        '<table><tr><td colspan="2" rowspan="2">بلوک</td><td>۱</td></tr><tr><td>۲</td></tr><tr><td>۳</td><td>۴</td><td>۵</td></tr></table>',
      ),
    );
    expect(cellsOf(block)).toEqual([
      [
        ['<w:gridSpan w:val="2"/><w:vMerge w:val="restart"/>', 'بلوک'],
        ['', '۱'],
      ],
      [
        ['<w:gridSpan w:val="2"/><w:vMerge/>', ''],
        ['', '۲'],
      ],
      [
        ['', '۳'],
        ['', '۴'],
        ['', '۵'],
      ],
    ]);
  });

  it('bounds a colspan a writer typed to Word’s 63 columns', () => {
    const xml = wordBlocks(blocksOf('<table><tr><td colspan="100000">پهن</td></tr></table>'));
    expect(xml.match(/<w:gridCol /g)).toHaveLength(63);
  });

  it('prints rowspans that stair-step (each row a column further) as one column, each row its own cell', () => {
    // 5,881 such rows (199,984 characters) were 63 columns of merged cells on every row:
    // 40 MB of XML, refused after 2 s as too long for the template.
    const rows = '<tr><td rowspan="1000">x</td></tr>'.repeat(5881);
    const started = performance.now();
    const xml = wordBlocks(blocksOf(`<table><tbody>${rows}</tbody></table>`));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(xml.match(/<w:gridCol /g)).toHaveLength(1);
    expect(xml.match(/<w:tc>/g)).toHaveLength(5881);
    // Each span ended by the row below before it merged with it: no cell merges.
    expect(xml).not.toContain('vMerge');
    expect(xml.length).toBeLessThan(2_000_000);
    // Where a row has room beside a span, the span goes on as written.
    const kept = wordBlocks(
      blocksOf('<table><tr><td rowspan="2">الف</td><td>ب</td></tr><tr><td>پ</td></tr></table>'),
    );
    expect(kept.match(/<w:vMerge w:val="restart"\/>/g)).toHaveLength(1);
    expect(kept.match(/<w:vMerge\/>/g)).toHaveLength(1);
  });

  it('prints each line of a <pre> as a paragraph in its own direction, its spaces kept, in a monospace font', () => {
    const blocks = blocksOf(
      '<pre><code>function f(x) {\n  return x * 2; // توضیح فارسی\n}\n    indented   spaces\nسطر فارسی با if (x)</code></pre>',
    );
    const lines = blocks.map((block) =>
      block.kind === 'paragraph'
        ? { ltr: Boolean(block.ltr), text: block.inlines.map((i) => ('text' in i ? i.text : '⏎')).join('') }
        : null,
    );
    expect(lines).toEqual([
      { ltr: true, text: 'function f(x) {' },
      { ltr: true, text: '  return x * 2; // توضیح فارسی' },
      // No letter: left to right, as the screen draws it.
      { ltr: true, text: '}' },
      { ltr: true, text: '    indented   spaces' },
      { ltr: false, text: 'سطر فارسی با if (x)' },
    ]);
    // After a Persian line too (review probe: it took the line above's direction).
    const after = blocksOf('<pre>سلام\n}</pre>').map(
      (block) => block.kind === 'paragraph' && Boolean(block.ltr),
    );
    expect(after).toEqual([false, true]);
    const paragraphs = [...wordBlocks(blocks).matchAll(/<w:p>(.*?)<\/w:p>/g)].map(([, p]) => p);
    expect(paragraphs).toHaveLength(5);
    // A Latin line left to right and at the left, whatever the template's style says.
    expect(paragraphs[0]).toMatch(/^<w:pPr><w:bidi w:val="0"\/><w:jc w:val="left"\/><\/w:pPr>/);
    expect(paragraphs[2]).toContain('<w:t xml:space="preserve">}</w:t>');
    expect(paragraphs[3]).toContain('<w:t xml:space="preserve">    indented   spaces</w:t>');
    // A Persian line right to left, from its start (the right).
    expect(paragraphs[4]).toMatch(/^<w:pPr><w:bidi\/><w:jc w:val="left"\/><\/w:pPr>/);
    expect(paragraphs.every((p) => p.includes('w:ascii="Courier New"'))).toBe(true);
  });

  it('spans a rowspan past the table’s end to its end, and no further', () => {
    const xml = wordBlocks(
      blocksOf('<table><tr><td rowspan="1000">الف</td><td>ب</td></tr><tr><td>پ</td></tr></table>'),
    );
    expect(xml.match(/<w:tr>/g)).toHaveLength(2);
    expect(xml.match(/<w:vMerge w:val="restart"\/>/g)).toHaveLength(1);
    expect(xml.match(/<w:vMerge\/>/g)).toHaveLength(1);
    // A one-row table: its cell merges with nothing below.
    expect(wordBlocks(blocksOf('<table><tr><td rowspan="5">تنها</td></tr></table>'))).not.toContain('vMerge');
  });

  it('refuses, as it is written, a body whose tables spread past the print limit in any template', () => {
    // 31,755 characters: 63 cells spanning 1,000 rows, thrice — ~21 MB of merged cells in
    // Word's XML.
    const block = `<tr>${'<td rowspan="1000">x</td>'.repeat(63)}</tr>${'<tr></tr>'.repeat(999)}`;
    const body = `<table><tbody>${block.repeat(3)}</tbody></table>`;
    const started = performance.now();
    expect(() => wordBlocks(blocksOf(body))).toThrow(new JobRefused(BODY_TOO_BIG));
    expect(() =>
      fillTemplate({
        document: minimalDocx(['{subject}', '{@paragraphs}']),
        picture: null,
        text: Object.fromEntries(TEXT_TAGS.map((tag) => [tag, ''])) as Record<TextTag, string>,
        body: blocksOf(body),
      }),
    ).toThrow(BODY_TOO_BIG);
    // Stopped where it passed the limit, before the whole was built.
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(BODY_TOO_BIG).not.toContain('قالبی دیگر');
  });

  it('writes an empty body as one right-to-left paragraph, and nothing XML cannot hold', () => {
    expect(wordBlocks([])).toBe('<w:p><w:pPr><w:bidi/></w:pPr></w:p>');
    const xml = wordBlocks(bodyBlocks('<p>a\uFFFEb &lt;c&gt;</p>'));
    expect([...xml.matchAll(/<w:t[^>]*>([^<]*)</g)].map(([, t]) => t).join('')).toBe('ab &lt;c&gt;');
  });

  it('reads the colours the sanitiser keeps, and no other value', () => {
    expect(
      [
        '#abc',
        '#A0B1C2',
        'rgb(1, 2, 255)',
        'rgba(1,2,3,0)',
        'inherit',
        'red',
        'DarkSlateGray',
        'hsl(0, 100%, 50%)',
        'hsl(120deg 100% 25%)',
        'rgb(100% 0% 50% / 0.5)',
        '#ff000000',
        'transparent',
        'notacolour',
        'url(x)',
        // As the screen reads them (probe helper-70): important or not, faint ones none.
        'red !important',
        'rgba(255,0,0,0.05)',
        '#ff000001',
        'rgb(0 0 255 / 80%)',
        'rgb(0 0 255 / 20%)',
      ].map(colourOf),
    ).toEqual([
      'AABBCC',
      'A0B1C2',
      '0102FF',
      undefined,
      undefined,
      'FF0000',
      '2F4F4F',
      'FF0000',
      '008000',
      'FF0080',
      undefined,
      undefined,
      undefined,
      undefined,
      'FF0000',
      undefined,
      undefined,
      '0000FF',
      undefined,
    ]);
  });

  it('prints a colour pasted from Word (a name, hsl()) as it shows', () => {
    const [paragraph] = blocksOf(
      '<p><span style="color:red">سرخ</span> <span style="background-color: hsl(60, 100%, 50%)">زرد</span></p>',
    );
    expect(paragraph).toMatchObject({
      inlines: [
        { text: 'سرخ', look: { color: 'FF0000' } },
        { text: ' ', look: {} },
        { text: 'زرد', look: { fill: 'FFFF00' } },
      ],
    });
  });
});

describe('the sanitiser’s colours', () => {
  const kept = (style: string) => sanitizeBody(`<p><span style="${style}">متن</span></p>`);
  const withStyle = (style: string) => `<p><span style="${style}">متن</span></p>`;
  const without = '<p><span>متن</span></p>';

  it('keeps a colour pasted from Word or a web page: a name, #hex, rgb()/rgba(), hsl()/hsla()', () => {
    expect(kept('color:red')).toBe(withStyle('color:red'));
    expect(kept('color: DarkBlue')).toBe(withStyle('color:DarkBlue'));
    expect(kept('background-color: yellow')).toBe(withStyle('background-color:yellow'));
    for (const colour of [
      '#c00000',
      '#C00',
      '#c0000080',
      'rgb(183, 28, 28)',
      'rgba(183,28,28,0.5)',
      'rgb(100% 0% 0% / 50%)',
      'hsl(0, 100%, 40%)',
      'hsla(210deg, 50%, 50%, .3)',
      'hsl(210 50% 50%)',
      'transparent',
    ])
      expect(kept(`color: ${colour}`)).toBe(withStyle(`color:${colour}`));
  });

  it('refuses anything else a colour could carry', () => {
    for (const value of [
      'url(https://evil.example/x.png)',
      'expression(alert(1))',
      'red; background-image: url(x)',
      'var(--x)',
      'redd',
      'red url(x)',
      'rgb(1,2,3) url(x)',
      'javascript:alert(1)',
      'calc(1px)',
      '#12345',
    ])
      expect(kept(`color: ${value}`)).not.toMatch(/url|expression|var|javascript|calc|redd|#12345/);
    expect(kept('color: url(x)')).toBe(without);
    expect(kept('color: expression(alert(1))')).toBe(without);
    expect(kept('color: red; background-image: url(x); position: fixed')).toBe(withStyle('color:red'));
    expect(kept('font-family: Arial; color: windowtext')).toBe(without);
  });
});

describe('looks written as attributes and styles the body does not keep (an HTML body sent to the API, probe helper-96)', () => {
  it('reads Google Docs’ bold that is not bold, and bold, italic and underline given as styles', () => {
    expect(sanitizeBody('<b style="font-weight:normal;" id="docs-internal-guid-1"><p>متن</p></b>')).toBe(
      '<span><p>متن</p></span>',
    );
    expect(sanitizeBody('<span style="font-weight:700">پررنگ</span>')).toBe('<strong>پررنگ</strong>');
    expect(sanitizeBody('<span style="font-style: italic">کج</span>')).toBe('<em>کج</em>');
    expect(sanitizeBody('<span style="text-decoration: underline">زیرخط</span>')).toBe('<u>زیرخط</u>');
    expect(sanitizeBody('<strong style="font-weight:bold">پررنگ</strong>')).toBe('<strong>پررنگ</strong>');
  });

  it('reads align, a background shorthand of one colour and <font color>', () => {
    expect(sanitizeBody('<p align="center">وسط</p>')).toBe('<p style="text-align:center">وسط</p>');
    expect(sanitizeBody('<td align="left">چپ</td>')).toContain('style="text-align:left"');
    expect(sanitizeBody('<span style="background:yellow">زرد</span>')).toBe(
      '<span style="background-color:yellow">زرد</span>',
    );
    expect(sanitizeBody('<font color="red" face="B Nazanin">سرخ</font>')).toBe(
      '<span style="color:red">سرخ</span>',
    );
    expect(sanitizeBody('<b style="font-weight:normal !important">متن</b>')).toBe('<span>متن</span>');
    expect(sanitizeBody('<center>وسط</center><section align="left">چپ</section>')).toBe(
      '<div style="text-align:center">وسط</div><div style="text-align:left">چپ</div>',
    );
    // Only what the sanitiser keeps anyway: no other alignment, no image behind the text.
    expect(sanitizeBody('<p align="evil;position:fixed">متن</p>')).toBe('<p>متن</p>');
    expect(sanitizeBody('<span style="background:url(x)">متن</span>')).toBe('<span>متن</span>');
    expect(sanitizeBody('<font color="expression(alert(1))">متن</font>')).toBe('<span>متن</span>');
  });

  it('prints those looks as the screen shows them', () => {
    const [paragraph] = blocksOf('<p align="center"><span style="font-weight:bold">پررنگ</span></p>');
    expect(paragraph).toMatchObject({ align: 'center', inlines: [{ text: 'پررنگ', look: { bold: true } }] });
  });
});

describe('runs cut where the script changes', () => {
  it('marks Persian runs right to left and keeps an address in one run of its own', () => {
    expect(scriptRuns('سایت (https://a.ir/x?b=1) است', true)).toEqual([
      { text: 'سایت (', rtl: true },
      { text: 'https://a.ir/x?b=1', rtl: false },
      { text: ') است', rtl: true },
    ]);
    expect(scriptRuns('سال ۱۴۰۵ و 1405', true)).toEqual([{ text: 'سال ۱۴۰۵ و 1405', rtl: true }]);
    expect(scriptRuns('version 2 of', true)).toEqual([{ text: 'version 2 of', rtl: false }]);
    expect(scriptRuns('• ', true)).toEqual([{ text: '• ', rtl: true }]);
  });
});

describe('a template file’s name', () => {
  it('ends in .docx, without marks that turn how it reads or characters no file name holds', () => {
    expect(displayName('\u202Excod.exe')).toBe('xcod.docx');
    expect(displayName('C:\\fakepath\\نامه اداری.docx')).toBe('نامه اداری.docx');
    expect(displayName('گزارش\u200c ماهانه.DOCX')).toBe('گزارش\u200c ماهانه.docx');
    expect(displayName('a<b>:c?.exe')).toBe('abc.docx');
    expect(displayName('\u2067.exe', 'قالب اداری')).toBe('قالب اداری.docx');
    expect(displayName('', '')).toBe('template.docx');
    // A letter's attachment: the image's extension, its own kept, a hidden override gone.
    expect(imageFileName('inv\u202Efdp.png', 'png')).toBe('invfdp.png');
    expect(imageFileName('a.png.html', 'png')).toBe('a.png');
    expect(imageFileName('a.png.', 'png')).toBe('a.png');
    expect(imageFileName('نامه.JPG', 'png')).toBe('نامه.JPG');
    expect(imageFileName('اسكن', 'jpg')).toBe('اسکن.jpg');
    expect(imageFileName('..\\dir\\evil.svg', 'png')).toBe('evil.png');
    expect(imageFileName('\u202E', 'png')).toBe('attachment.png');
    // An extension without a name (busboy leaves «.png» of «a/.png»).
    expect(imageFileName('.png', 'png')).toBe('attachment.png');
    expect(imageFileName('..PNG', 'png')).toBe('attachment.png');
    expect(displayName('.docx', 'قالب')).toBe('قالب.docx');
  });
});

describe('a signature picture’s size', () => {
  it('is read from a lossy, a lossless and an extended WebP', () => {
    const lossy = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');
    const lossless = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
    expect(pictureOf(lossy)).toMatchObject({ ext: 'webp', width: 1, height: 1 });
    expect(pictureOf(lossless)).toMatchObject({ ext: 'webp', width: 1, height: 1 });
    const extended = Buffer.alloc(40);
    extended.write('RIFF', 0, 'latin1');
    extended.write('WEBPVP8X', 8, 'latin1');
    extended.writeUIntLE(399, 24, 3);
    extended.writeUIntLE(99, 27, 3);
    expect(pictureOf(extended)).toMatchObject({ ext: 'webp', width: 400, height: 100 });
  });

  it('is read from a JPEG whose markers are padded with 0xFF fill bytes, as the standard allows', () => {
    /** SOI, an APP0 segment, a baseline frame of 300 × 120 — each marker after `fill` FFs. */
    const jpeg = (fill: number) => {
      const pad = Buffer.alloc(fill, 0xff);
      const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
      const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 8, 0, 120, 1, 44, 1, 1, 0x11, 0]);
      return Buffer.concat([Buffer.from([0xff, 0xd8]), pad, app0, pad, sof, Buffer.from([0xff, 0xd9])]);
    };
    expect(pictureOf(jpeg(0))).toMatchObject({ ext: 'jpeg', width: 300, height: 120 });
    expect(pictureOf(jpeg(1))).toMatchObject({ ext: 'jpeg', width: 300, height: 120 });
    expect(pictureOf(jpeg(5))).toMatchObject({ ext: 'jpeg', width: 300, height: 120 });
    // No frame before the image's data: no size to print it at.
    expect(pictureOf(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(pictureOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0x12, 0x34, 0x56]))).toBeNull();
  });
});

describe('the body in its template paragraph’s look', () => {
  /** A template whose {@paragraphs} paragraph is styled as a letterhead sets it. */
  const template = (host: string) => {
    const zip = new PizZip(minimalDocx(['{subject}', '{@paragraphs}']));
    const document = zip.file('word/document.xml')!.asText();
    zip.file(
      'word/document.xml',
      document.replace(
        /<w:p><w:pPr><w:bidi\/><\/w:pPr><w:r><w:rPr><w:rtl\/><\/w:rPr>(<w:t xml:space="preserve">\{@paragraphs\})/,
        `<w:p><w:pPr><w:pStyle w:val="Body"/><w:bidi/></w:pPr><w:r><w:rPr>${host}<w:rtl/></w:rPr>$1`,
      ),
    );
    return zip.generate({ type: 'uint8array' });
  };
  const printed = (document: Uint8Array, html: string) => {
    const filled = fillTemplate({
      document,
      picture: null,
      text: Object.fromEntries(TEXT_TAGS.map((tag) => [tag, ''])) as Record<TextTag, string>,
      body: blocksOf(html),
    });
    return new PizZip(filled).file('word/document.xml')!.asText();
  };

  it('takes the style, font, size and colour of the paragraph holding {@paragraphs} where the body sets none (probe helper-65)', () => {
    const nazanin = '<w:rFonts w:ascii="B Nazanin" w:hAnsi="B Nazanin" w:cs="B Nazanin"/>';
    const document = template(`${nazanin}<w:color w:val="1F3864"/><w:sz w:val="28"/><w:szCs w:val="28"/>`);
    expect(hostLookOf(new PizZip(document))).toEqual({
      style: '<w:pStyle w:val="Body"/>',
      font: nazanin,
      size: 28,
      color: '1F3864',
    });
    const xml = printed(document, '<p>متن <span style="color:red">سرخ</span></p><h2>عنوان</h2>');
    const runs = [...xml.matchAll(/<w:r><w:rPr>(.*?)<\/w:rPr><w:t[^>]*>([^<]*)</g)].map(([, look, text]) => ({
      look,
      text,
    }));
    const run = (text: string) => runs.find((r) => r.text.includes(text))!.look;
    expect(run('متن')).toContain(nazanin);
    expect(run('متن')).toContain('<w:sz w:val="28"/>');
    expect(run('متن')).toContain('<w:color w:val="1F3864"/>');
    // What the body says wins: its colour, a heading's size.
    expect(run('سرخ')).toContain('<w:color w:val="FF0000"/>');
    expect(run('عنوان')).toContain('<w:sz w:val="32"/>');
    expect(run('عنوان')).toContain(nazanin);
    expect(xml).toContain('<w:pPr><w:pStyle w:val="Body"/><w:bidi/>');
  });

  it('keeps Word’s defaults for a paragraph that sets nothing', () => {
    const document = new PizZip(minimalDocx(['{@paragraphs}'])).generate({ type: 'uint8array' });
    expect(hostLookOf(new PizZip(document))).toEqual({
      style: undefined,
      font: undefined,
      size: undefined,
      color: undefined,
    });
    expect(printed(document, '<p>متن</p>')).toContain('<w:r><w:rPr><w:rtl/></w:rPr>');
  });
});
