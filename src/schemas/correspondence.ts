// Master data of the correspondence area (spec 1 §3): numbering schemes (andikator),
// archive and favourite folders, receive methods and letter templates.
import { defineResource, f, type RecordRule } from './kit';
import { shownTag, TEMPLATE_TAGS } from '../shared/print-tags';
import { DIRECTION_CONTROL, keyEndsInDigit, SLASH } from '../shared/persian';

/** Letter types (spec 1 §1): internal, incoming, outgoing. */
export const MESSAGE_TYPES = [
  { id: 4, value: 'داخلی' },
  { id: 5, value: 'وارده' },
  { id: 6, value: 'صادره' },
] as const;

export const andikator = defineResource({
  name: 'andikator',
  route: '/andikator',
  title: 'اندیکاتورها',
  singular: 'اندیکاتور',
  table: 'andikators',
  idField: 'andikatorId',
  permission: 'Andikator',
  pageSize: 20,
  fields: {
    andikatorTitle: f.title('عنوان اندیکاتور'),
    andikatorPreFix: f.text('پیشوند', { list: true, search: true, max: 50 }),
    startNumber: f.number('شماره شروع', { list: true, default: 1 }),
    // Letters advance it when they take a number; the client never sets it.
    lastMessageNumber: f.number('آخرین شماره', {
      list: true,
      readOnly: true,
      default: 0,
      hint: 'با ثبت نامه‌ها به‌روز می‌شود',
    }),
    messageTypeFk: f.enumOf('نوع نامه', MESSAGE_TYPES, { required: true, list: true }),
    isActive: f.active(),
    isDefault: f.boolean('پیش‌فرض', { list: true }),
  },
  filters: { messageType: 'messageTypeFk' },
  // A letter's registry number is its scheme's prefix and number: two schemes of one
  // prefix would give two letters the same number (an empty prefix is one prefix too).
  unique: [['andikatorPreFix']],
  rules: [
    {
      // A letter's number is the prefix and then the number: «ص1» then 10 would read as «ص»
      // then 110, a number another scheme gives. Judged on the prefix as it is stored
      // (keyText: «ص1ـ» is «ص1»), by a digit of any script («ص१»), a combining mark after
      // it («ص1\u0300») hiding nothing.
      field: 'andikatorPreFix',
      reads: ['andikatorPreFix'],
      message: 'پیشوند نباید با رقم پایان یابد؛ برای نمونه «ص-۱-» یا «ص۱/»',
      holds: (record) => !keyEndsInDigit(String(record.andikatorPreFix ?? '')),
      onlyWhenChanged: true,
    },
    {
      field: 'startNumber',
      reads: ['startNumber'],
      message: 'شماره شروع باید دست‌کم ۱ باشد',
      holds: (record) =>
        record.startNumber === null || record.startNumber === undefined || Number(record.startNumber) >= 1,
    },
    {
      // The letter screen preselects the active default: an inactive one would be no default.
      field: 'isActive',
      reads: ['isDefault', 'isActive'],
      message: 'اندیکاتور پیش‌فرض باید فعال باشد',
      holds: (record) => !record.isDefault || record.isActive !== false,
    },
  ],
  // A letter offers the schemes of its type and preselects the default (spec 1 §4).
  lookupFields: ['messageTypeFk', 'isActive', 'isDefault', 'andikatorPreFix'],
  help: 'اندیکاتور شماره نامه‌های هر نوع (داخلی، وارده، صادره) را می‌سازد. برای هر نوع نامه فقط یک اندیکاتور پیش‌فرض است.',
});

// Letter folders (archive, favourites): trees of a title and the folder above.

/** A slash, or a character drawn as one (SLASH, the list a key and a search read as «/»),
 *  looked for in the title's compatibility form too (NFKC: «℀» is «a/c»). */
const hasSlash = (text: string) => SLASH.test(text) || SLASH.test(text.normalize('NFKC'));

/**
 * A folder's title holds no «/»: the menu, the folder picker and a letter's folder dialog
 * show a folder by its path, the titles joined by « / », so «الف / ب» beside «الف» with a
 * child «ب» would be two entries of one path. Judged when the title changes only: a title
 * stored before the rule stays, and its folder can still be moved or saved.
 */
const titleWithoutSlash = <const N extends string>(field: N): RecordRule<N> => ({
  field,
  reads: [field],
  message: 'عنوان پوشه نباید «/» داشته باشد؛ مسیر پوشه‌ها با « / » از هم جدا می‌شود',
  holds: (record) => !hasSlash(String(record[field] ?? '')),
  onlyWhenChanged: true,
});

const titleWithoutDirectionControls = <const N extends string>(field: N): RecordRule<N> => ({
  field,
  reads: [field],
  message:
    'عنوان پوشه نویسه‌ی پنهانِ تغییر جهت متن دارد که آن را جز آنچه هست نشان می‌دهد؛ آن را بی این نویسه بنویسید',
  holds: (record) => !DIRECTION_CONTROL.test(String(record[field] ?? '')),
  onlyWhenChanged: true,
});

/** Two folders of one name side by side cannot be told apart — in the menu, the folder
 *  picker or a letter's folder dialog: a title is its own among its parent's folders
 *  (the «/» rule above keeps a path from being two folders' either). */
const folderTwin = (title: string) => `پوشه‌ای با عنوان «${title}» در همین جا هست؛ عنوان دیگری بنویسید`;

export const archive = defineResource({
  name: 'archive',
  route: '/archive',
  title: 'پوشه‌های بایگانی',
  singular: 'پوشه بایگانی',
  table: 'archives',
  idField: 'archiveId',
  permission: 'Archive',
  fields: {
    archiveTitle: f.title('عنوان پوشه'),
    parentFk: f.treeParent('پوشه بالادست', 'archive', { list: true }),
  },
  filters: { parentId: 'parentFk' },
  rules: [titleWithoutSlash('archiveTitle'), titleWithoutDirectionControls('archiveTitle')],
  ownTitle: { within: 'parentFk', message: folderTwin },
  help: 'پوشه‌های بایگانی نامه‌ها؛ هر پوشه می‌تواند زیر پوشه دیگری باشد.',
});

export const favorite = defineResource({
  name: 'favorite',
  route: '/favorite',
  title: 'پوشه‌های دلخواه',
  singular: 'پوشه دلخواه',
  table: 'favorites',
  idField: 'favoriteId',
  permission: 'Favorite',
  fields: {
    favoriteTitle: f.title('عنوان پوشه'),
    parentFk: f.treeParent('پوشه بالادست', 'favorite', { list: true }),
  },
  filters: { parentId: 'parentFk' },
  rules: [titleWithoutSlash('favoriteTitle'), titleWithoutDirectionControls('favoriteTitle')],
  ownTitle: { within: 'parentFk', message: folderTwin },
  help: 'پوشه‌های دلخواه برای دسته‌بندی نامه‌ها؛ هر پوشه می‌تواند زیر پوشه دیگری باشد.',
});

export const reciveMethod = defineResource({
  name: 'reciveMethod',
  route: '/recivemethods',
  title: 'روش‌های دریافت',
  singular: 'روش دریافت',
  table: 'recive_methods',
  idField: 'reciveMethodId',
  permission: 'Andikator',
  fields: {
    reciveMethodTitle: f.title('عنوان روش دریافت'),
  },
  // An incoming letter names one by its title from a list («پست», «پسـت», «ﭘﺴﺖ» are one).
  ownTitle: { message: (title) => `روش دریافتی با عنوان «${title}» هست؛ عنوان دیگری بنویسید` },
  help: 'روش‌های رسیدن نامه‌های وارده (نامه‌رسان، پست، …).',
});

export const template = defineResource({
  name: 'template',
  route: '/templateManager',
  title: 'قالب‌های نامه',
  singular: 'قالب نامه',
  table: 'templates',
  idField: 'templateManagerId',
  permission: 'TemplateManager',
  pageSize: 20,
  fields: {
    templateName: f.title('نام قالب'),
    // Public templates are the tenant's built-in ones (seeded): every user sees and
    // downloads them, nobody edits or deletes them. Uploaded templates are private.
    isPublic: f.boolean('نوع قالب', {
      list: true,
      readOnly: true,
      booleanLabels: ['عمومی', 'اختصاصی'],
      hint: 'عمومی / اختصاصی',
    }),
    fileName: f.text('نام فایل', { list: true, readOnly: true, max: 255 }),
    file: f.file('فایل قالب', {
      hint: 'سند Word با پسوند docx',
      requiredOnCreate: true,
      accept: { 'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'] },
      // The server's words for a file that is no .docx (resource-hooks/template.ts).
      acceptMessage: 'فایل قالب باید یک سند Word با قالب docx باشد',
    }),
  },
  help: `قالب‌های Word (docx) برای چاپ نامه‌ها. برچسب‌ها (با همین حروف): ${TEMPLATE_TAGS.map(shownTag).join(' ')}؛ بخشی که تنها با مقدار برچسب دیده شود: ${shownTag('{#cc}…{/cc}')}. قالب‌های عمومی قابل ویرایش یا حذف نیستند.`,
  // The server refuses both with the same words (resource-hooks/template.ts).
  lockedWhen: { field: 'isPublic', reason: 'قالب عمومی قابل ویرایش یا حذف نیست' },
  // A letter's print dialog picks a template by its name alone.
  ownTitle: { message: (title) => `قالبی با نام «${title}» هست؛ نام دیگری بنویسید` },
  download: { path: 'template/download', idParam: 'templateId', label: 'دریافت فایل' },
});
