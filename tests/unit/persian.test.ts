import { describe, expect, it } from 'vitest';
import { normalMobile } from '../../src/shared/mobile';
import {
  cleanPersianText,
  foldAffixes,
  keyEndsInDigit,
  keyText,
  normalizePersian,
  phraseKeys,
  phraseSearches,
  searchKey,
  SLASH,
  storedSearchKey,
  PERSIAN_ORDER,
  toLatinDigits,
} from '../../src/shared/persian';

describe('Persian normalisation', () => {
  it('turns Arabic yeh and kaf into Persian', () => {
    expect(normalizePersian('علي كريمي')).toBe('علی کریمی');
  });
  it('turns Persian and Arabic digits into ASCII', () => {
    expect(toLatinDigits('۰۹۱۲-٣٤٥')).toBe('0912-345');
  });
  it('reads the percent sign and separators written beside Persian digits as ASCII', () => {
    expect(normalizePersian('۵۰٪ از ۱۲٬۵۰۰ با نرخ ۲٫۵')).toBe('50% از 12,500 با نرخ 2.5');
  });
  it('drops diacritics and tatweel, and folds zero-width non-joiners and spaces', () => {
    expect(normalizePersian('مُحَمَّد')).toBe('محمد');
    expect(normalizePersian('نامـــه')).toBe('نامه');
    expect(normalizePersian('می\u200Cروم   به  خانه ')).toBe('می روم به خانه');
  });
  it('makes search keys lower case, so a plain LIKE matches either case', () => {
    expect(searchKey('شركت Pars ۱۲ Info@Example.IR')).toBe('شرکت pars 12 info@example.ir');
  });
  it('stores a ZWNJ compound both parted and joined, so a phrase typed either way finds it', () => {
    expect(storedSearchKey('نامه\u200Cنگاری فصلی و ویژه\u200Cنامه')).toBe(
      'نامه نگاری فصلی و ویژه نامه نامهنگاری ویژهنامه',
    );
    expect(storedSearchKey('بدون نیم فاصله')).toBe('بدون نیم فاصله');
    for (const phrase of ['گزارش\u200Cهای', 'گزارش های', 'گزارشهای'])
      expect(storedSearchKey('گزارش\u200Cهای فصلی').includes(searchKey(phrase))).toBe(true);
  });
  it('joins a prefix or an ending written apart to its word, in phrases and stored texts alike', () => {
    for (const written of ['بررسی می\u200Cشود', 'بررسی می شود', 'بررسی میشود', 'بررسی مي\u200Cشود'])
      expect(searchKey(written), written).toBe('بررسی میشود');
    expect(searchKey('نامه ها و نامه\u200Cهای بیش تر، نمی توان')).toBe('نامهها و نامههای بیشتر، نمیتوان');
    expect(searchKey('بی نام کامل ترین نامه ای که رفته اند')).toBe('بینام کاملترین نامهای که رفتهاند');
    // Only whole words: «میز», «تنها», «امیر ها» keep their letters; an affix at an edge stays
    // (a phrase typed so far, «بررسی می», still finds «بررسی میشود»).
    expect(searchKey('میز تنها امیر')).toBe('میز تنها امیر');
    expect(searchKey('بررسی می')).toBe('بررسی می');
    expect(searchKey('ها هستند')).toBe('ها هستند');
    expect(storedSearchKey('گزارش\u200Cهای فصلی').includes(searchKey('گزارش های فصلی'))).toBe(true);
    expect(foldAffixes(foldAffixes('می می شود ها'))).toBe(foldAffixes('می می شود ها'));
  });
  it('reads a body of one 200,000-letter word beside a ZWNJ in one pass (a pattern around the ZWNJ took minutes)', () => {
    const word = 'a'.repeat(200_000);
    expect(storedSearchKey(`${word} \u200C`)).toBe(word);
    expect(storedSearchKey(`${word}\u200Cb`)).toBe(`${word} b ${word}b`);
  });
  it('is idempotent', () => {
    const once = normalizePersian('كتابخانه\u200Cي ۱۲');
    expect(normalizePersian(once)).toBe(once);
  });
  it('reads presentation forms as their letters and drops marks that show nothing (probe: four «قراردادها»)', () => {
    for (const alike of [
      'قراردادها\u2060',
      'قراردادها\u00AD',
      'قراردادها\u180E',
      'قرارداد\u2061ها',
      'قرارداد\u034Fها',
      '\u061Cقراردادها',
      'قراردادﻫﺎ',
      'ﻗﺮﺍﺭﺩﺍﺩﻫﺎ',
    ])
      expect(searchKey(alike), JSON.stringify(alike)).toBe('قراردادها');
    expect(normalizePersian('ﭘﺴﺖ')).toBe('پست');
    expect(normalizePersian('ﻙﺘﺎﺏ ﯼ')).toBe('کتاب ی');
    // A decomposed madda is the precomposed letter, not a bare alef.
    expect(normalizePersian('\u0627\u0653ب')).toBe(normalizePersian('آب'));
    expect(normalizePersian('کوە')).toBe('کوه');
  });
  it('reads every dash and minus as «-», so a phrase typed with an en dash finds a code stored with a hyphen', () => {
    for (const alike of ['CX–300', 'CX—300', 'CX‐300', 'CX−300', 'CX－300', 'CX-300'])
      expect(searchKey(alike), JSON.stringify(alike)).toBe('cx-300');
    expect(storedSearchKey('سال‌های ۱۴۰۰–۱۴۰۵')).toContain('1400-1405');
  });
  it('reads every slash as «/», so «SL∕1» finds the code «SL/1»', () => {
    for (const alike of ['SL/1', 'SL∕1', 'SL⁄1', 'SL⧸1', 'SL╱1', 'SL／1', 'SL⟋1', 'SL〳1', 'SL\u03381'])
      expect(searchKey(alike), JSON.stringify(alike)).toBe('sl/1');
    expect(searchKey('a⫽b ⫻')).toBe('a//b ///');
    expect(storedSearchKey('نامه‌ی صق⁄۱۲')).toContain('صق/12');
  });
  it('reads a hamza seat and the madda as the plain letter in a search (probe: «موسسه» did not find «مؤسسه»)', () => {
    for (const [stored, typed] of [
      ['مؤسسه', 'موسسه'],
      ['پائیز', 'پاییز'],
      ['آمل', 'امل'],
      ['\u0627\u0653مل', 'امل'],
      ['مسئول', 'مسیول'],
      ['\u0648\u0654', 'و'],
      ['ﺋ', 'ی'],
    ])
      expect(searchKey(stored), stored).toBe(searchKey(typed));
    // Before the affixes are folded: «هائی», the older spelling of «هایی», is an ending.
    expect(searchKey('نامه هائی')).toBe('نامههایی');
    expect(normalizePersian(normalizePersian('آئین مؤسسه'))).toBe('ایین موسسه');
  });
  it('searches a phrase holding a ZWNJ with its words joined too (probe: «کار‌آفرین» did not find «کارآفرین»)', () => {
    const stored = storedSearchKey('بانک کارآفرین');
    for (const phrase of ['کار\u200cآفرین', 'بانک کار\u200cآفرین', 'کارآفرین'])
      expect(
        phraseKeys(phrase).some((key) => stored.includes(key)),
        phrase,
      ).toBe(true);
    // The ways in turn: affixes joined, as typed, then the ZWNJ's words joined; one key once.
    expect(phraseSearches('شرکت\u200cها کار\u200cآفرین')).toEqual([
      { phrase: 'شرکت\u200cها کار\u200cآفرین', fold: true },
      { phrase: 'شرکت\u200cها کار\u200cآفرین', fold: false },
      { phrase: 'شرکتها کارآفرین', fold: true },
    ]);
    expect(phraseSearches('کارآفرین')).toEqual([{ phrase: 'کارآفرین', fold: true }]);
    expect(phraseKeys('')).toEqual(['']);
  });
  it('searches digits typed in groups with their digits together, and a dash spaced as a key stores it', () => {
    // A phone stored as its digits (probe: «0912 111 1111» found nothing).
    for (const phrase of ['0912 111 1111', '۰۹۱۲-۱۱۱-۱۱۱۱', '(0912) 111 1111', '0912 – 111 1111'])
      expect(phraseKeys(phrase), phrase).toContain('09121111111');
    // A decimal is a number, not groups: «1.0» is not «10».
    expect(phraseKeys('1.0')).toEqual(['1.0']);
    expect(phraseKeys('۲٫۵')).toEqual(['2.5']);
    expect(phraseKeys('CX - 300')).toEqual(['cx - 300', 'cx-300']);
    expect(phraseKeys('CX — 300')).toContain('cx-300');
    // Words, or digits beside letters, are not digits in groups; one group is itself.
    expect(phraseKeys('نامه ۱۲ فروردین')).toEqual(['نامه 12 فروردین']);
    expect(phraseKeys('0912')).toEqual(['0912']);
  });
});

describe('stored text clean-up', () => {
  it('fixes Arabic look-alikes but keeps the zero-width non-joiner', () => {
    expect(cleanPersianText('  ويرايش\u200Cشده   كامل ')).toBe('ویرایش\u200Cشده کامل');
  });
  it('drops marks that show nothing and part no word, and keeps the direction marks', () => {
    for (const marked of ['قراردادها\u2060', 'قرارداد\u00ADها', '\u180Eقراردادها', 'قرارداد\u034Fها'])
      expect(cleanPersianText(marked), JSON.stringify(marked)).toBe('قراردادها');
    expect(cleanPersianText('Dabir\u200F ۲')).toBe('Dabir\u200F ۲');
  });
});

describe('normalMobile', () => {
  it('reads a mobile however it is written, and leaves anything else for its check to refuse', () => {
    for (const written of [
      '09123456789',
      '۰۹۱۲ ۳۴۵ ۶۷۸۹',
      '0912-345-6789',
      '+989123456789',
      '00989123456789',
      '(0912) 3456789',
      '٠٩١٢٣٤٥٦٧٨٩',
      '9123456789',
    ])
      expect(normalMobile(written), written).toBe('09123456789');
    expect(normalMobile('12345')).toBe('12345');
    expect(normalMobile('admin')).toBe('admin');
  });
});

describe('keyText', () => {
  it('makes keys that read alike one key', () => {
    for (const alike of [
      'ر1-',
      'ر۱-',
      'ر١-',
      'ر1-\u200c',
      'ر1-\u200e',
      '\u200fر1-',
      'ر\u200c1-',
      'ر¹-',
      'ر１-',
      ' ر𝟙- ',
    ])
      expect(keyText(alike), JSON.stringify(alike)).toBe('ر1-');
    // A non-joiner between letters is part of the word.
    expect(keyText('نامه‌ها-')).toBe('نامه\u200cها-');
    // Marks that show nothing are no part of a key (probe helper-70).
    for (const alike of ['ZW-\u200b', 'ZW-\u2060', 'ZW\u00ad-', 'ZW-\u034f', '\u180eZW-'])
      expect(keyText(alike)).toBe('ZW-');
    // A presentation form is its Persian letter, as the Arabic one is (probe helper-64).
    for (const alike of ['ﻙل-', 'كل-', 'کل-', 'ﻳ-', 'ي-'])
      expect(keyText(alike)).toBe(alike.endsWith('ل-') ? 'کل-' : 'ی-');
  });
  it('reads a dash as «-», drops tatweel, diacritics and the joiner, and folds letters as a search does (probe: «د-1» twice)', () => {
    for (const alike of [
      'د\u200d-',
      'دـ-',
      'د-ً',
      'دً-',
      'دٰ-',
      'د‐',
      'د‑',
      'د‒',
      'د–',
      'د—',
      'د―',
      'د−',
      'د﹣',
      'د－',
      'د﹘',
      'د⁻',
      'د -',
      'د - ',
      'د\u00a0-',
      'د\u3000–',
    ])
      expect(keyText(alike), JSON.stringify(alike)).toBe('د-');
    expect(keyText('C – 300')).toBe('C-300');
    for (const [alike, key] of [
      ['ە-', 'ه-'],
      ['ة-', 'ه-'],
      ['ۀ-', 'ه-'],
      ['أ-', 'ا-'],
      ['إ-', 'ا-'],
      ['ٱ-', 'ا-'],
      ['\u0627\u0653-', 'آ-'],
    ])
      expect(keyText(alike), alike).toBe(key);
    // A non-joiner between letters stays, a diacritic or tatweel beside it notwithstanding;
    // the spaces of a key that are not beside a dash stay too.
    expect(keyText('نامهٔ\u200cها-')).toBe('نامه\u200cها-');
    expect(keyText('نامه\u200cـها-')).toBe('نامه\u200cها-');
    expect(keyText('دفتر مرکزی/')).toBe('دفتر مرکزی/');
  });
  it('reads every character drawn as a slash as «/» (probe: «صق/», «صق∕», «صق⁄», «صق⧸», «صق╱» were five schemes)', () => {
    for (const alike of [
      'صق/',
      'صق∕',
      'صق⁄',
      'صق⧸',
      'صق╱',
      'صق／',
      'صق⟋',
      'صق〳',
      'صق𝈺',
      'صق🙼',
      'صق\u0338',
      'صق\u0337',
    ])
      expect(keyText(alike), JSON.stringify(alike)).toBe('صق/');
    expect(keyText('SL∕1')).toBe('SL/1');
    // The double and triple solidus read as two and three; «½» is «1⁄2» after NFKC, so «1/2».
    expect(keyText('ص⫽')).toBe('ص//');
    expect(keyText('ص⫻')).toBe('ص///');
    expect(keyText('ص½')).toBe('ص1/2');
    // A key keeps a hamza's seat and the madda: «آ-» and «ا-» are two prefixes.
    expect(keyText('آ-')).not.toBe(keyText('ا-'));
    expect(keyText('مؤ-')).toBe('مؤ-');
    expect(keyEndsInDigit('ص1∕')).toBe(false);
    // The folder-title rule's list is this one.
    for (const slash of ['/', '∕', '⁄', '╱', '\u0338']) expect(SLASH.test(slash), slash).toBe(true);
    expect(SLASH.test('-')).toBe(false);
  });
  it('is its own fold: a key stored is the key it compares as', () => {
    for (const text of [
      'a\u034f\u0300-',
      'دـ\u0301-',
      'ﹻد-',
      ' ر𝟙 – ',
      'ﻙل\u200c-',
      'ص‐۱‐',
      'ص⁄∕\u0338',
      '=\u0338',
    ])
      expect(keyText(keyText(text)), JSON.stringify(text)).toBe(keyText(text));
  });
  it('tells a key that ends in a digit of any script, a combining mark after it or not', () => {
    for (const prefix of ['ص1', 'ص۱', 'ص1\u0300', 'ص߁', 'ص१', 'ص੧', 'ص1ـ', 'ص1\u200d', 'ص1 ', 'ص¹'])
      expect(keyEndsInDigit(prefix), JSON.stringify(prefix)).toBe(true);
    for (const prefix of ['ص-1-', 'ص1/', 'ص-', '', 'ص1ب'])
      expect(keyEndsInDigit(prefix), JSON.stringify(prefix)).toBe(false);
  });
});

describe('PERSIAN_ORDER', () => {
  it('orders the Persian alphabet, and numbers by value in either digits', () => {
    expect(['گل', 'پیام', 'یاس', 'آب'].sort(PERSIAN_ORDER.compare)).toEqual(['آب', 'پیام', 'گل', 'یاس']);
    expect(['پوشه ۸۹', 'پوشه 10', 'پوشه ۹'].sort(PERSIAN_ORDER.compare)).toEqual([
      'پوشه ۹',
      'پوشه 10',
      'پوشه ۸۹',
    ]);
  });
});
