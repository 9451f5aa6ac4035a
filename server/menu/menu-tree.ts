// The side menu. `type` is the client's route name (spec route table); an entry shows
// only when the user holds its permission, and a group only when a child shows.
import type { Permission } from '../../src/shared/permissions';

export interface MenuEntry {
  title: string;
  type: string;
  permission?: Permission;
  platformOnly?: boolean;
  children?: MenuEntry[];
}

const group = (title: string, children: MenuEntry[], platformOnly = false): MenuEntry => ({
  title,
  type: 'Group',
  children,
  platformOnly,
});
const page = (title: string, type: string, permission: Permission): MenuEntry => ({
  title,
  type,
  permission,
});

export const MENU: MenuEntry[] = [
  group('مکاتبات', [
    page('کارتابل من', 'MyMessage', 'Messages'),
    page('نامه‌های خوانده‌نشده', 'UnReadMessage', 'Messages'),
    page('نیازمند پاسخ', 'AnswerRequest', 'Messages'),
    group('نامه‌های ارسالی', [
      page('داخلی', 'DomesticLetters', 'Messages'),
      page('وارده', 'IncomingLetters', 'Messages'),
      page('صادره', 'LettersIssued', 'Messages'),
    ]),
    page('همه نامه‌ها', 'AllMessage', 'AllMessages'),
    page('پیش‌نویس‌ها', 'DraftMessage', 'Messages'),
    group('تنظیمات مکاتبات', [
      page('اندیکاتورها', 'Andikator', 'Andikator'),
      page('پوشه‌های بایگانی', 'Archive', 'Archive'),
      page('پوشه‌های دلخواه', 'Favorite', 'Favorite'),
      page('قالب‌های نامه', 'TemplateManager', 'TemplateManager'),
      page('روش‌های دریافت', 'ReciveMethods', 'Andikator'),
      page('تعریف مکاتبات الکترونیک', 'Ece', 'Ece'),
      page('پست‌های الکترونیک مکاتبات', 'EceEmails', 'Ece'),
      page('گیرندگان الکترونیک', 'EceReceivers', 'Ece'),
    ]),
  ]),
  group('پروژه‌ها و کارها', [
    page('پروژه ها', 'ProjectsList', 'Projects'),
    page('گروه‌های پروژه', 'ProjectGroupsList', 'Projects'),
    page('تابلوی کارها', 'Tasks', 'Tasks'),
  ]),
  group('مشتریان و قراردادها', [
    page('مشتریان', 'CustomersList', 'Customers'),
    page('گروه‌های مشتریان', 'CustomerGroupsList', 'Customers'),
    page('قراردادها', 'ContractsList', 'Contracts'),
    page('گروه‌های قرارداد', 'ContractGroupsList', 'Contracts'),
  ]),
  group('مالی', [
    page('اسناد حسابداری', 'AccountingList', 'Accounting'),
    page('لیست فاکتور ها', 'AccountingCategory', 'Invoices'),
    page('بانک‌ها', 'Banks', 'Banks'),
    page('حساب‌های بانکی', 'BankAccounts', 'BankAccounts'),
    page('سرفصل‌های حساب', 'Headlines', 'Headlines'),
    page('صندوق‌ها', 'Funds', 'Funds'),
  ]),
  group('سازمان', [
    page('واحدهای سازمانی', 'OrganizationalUnit', 'OrganizationalUnit'),
    page('سمت‌های سازمانی', 'OrganizationalPosition', 'OrganizationalPosition'),
    page('شرکت‌ها', 'Company', 'Company'),
    page('اشخاص', 'Person', 'Person'),
    page('استان‌ها', 'Provinces', 'Person'),
    page('شهرها', 'Cities', 'Person'),
  ]),
  group('محتوا و پشتیبانی', [
    page('محتوا', 'ContentList', 'Blog'),
    page('دسته‌بندی محتوا', 'ContentCategory', 'Blog'),
    page('تیکت‌ها', 'TicketList', 'Tickets'),
    page('پیوندها', 'Links', 'Links'),
  ]),
  group(
    'مدیریت سامانه',
    [
      page('سازمان‌ها', 'Domains', 'Domains'),
      page('طرح‌های اشتراک', 'Plans', 'Plans'),
      page('کاربران برخط', 'OnlineUser', 'OnlineUser'),
      page('گروه‌های کاربری', 'UserGroups', 'UserGroups'),
      page('اعضای گروه‌ها', 'MembersUser', 'UserGroups'),
      page('دسترسی کاربران', 'UserAccess', 'UserGroups'),
    ],
    true,
  ),
];

export interface MenuRecord {
  id: number;
  title: string;
  /** A folder's own title (its `title` is its full path). */
  ownTitle?: string;
  type: string;
  children: MenuRecord[];
}

/** The entries this user may see, numbered in tree order. */
export function menuFor(permissions: Set<string>, entries: MenuEntry[] = MENU): MenuRecord[] {
  let nextId = 1;
  const visit = (list: MenuEntry[]): MenuRecord[] =>
    list.flatMap((entry) => {
      const id = nextId++;
      if (entry.children) {
        const children = visit(entry.children);
        return children.length ? [{ id, title: entry.title, type: entry.type, children }] : [];
      }
      return entry.permission && !permissions.has(entry.permission)
        ? []
        : [{ id, title: entry.title, type: entry.type, children: [] }];
    });
  return visit(entries);
}

/** A letter folder as the menu shows it: its id (the list's typeNumber), full path and
 *  own title (the path's last part, which a title holding « / » would make ambiguous). */
export interface MenuFolder {
  id: number;
  title: string;
  ownTitle: string;
}

/** Where the user's folders go: under «مکاتبات», after the drafts. */
const LETTERS_GROUP = 'مکاتبات';

/**
 * The menu with the tenant's archive and favourite folders (spec 1 §2: a folder's entry
 * opens ArchiveMessage or FavoriteMessage, its id the typeNumber), each kind a group of
 * its folders by full path, after the drafts. Without folders, the menu as it was.
 */
export function withFolders(
  records: MenuRecord[],
  folders: { archive: MenuFolder[]; favorite: MenuFolder[] },
): MenuRecord[] {
  const kinds: Array<[title: string, type: string, list: MenuFolder[]]> = [
    ['بایگانی', 'ArchiveMessage', folders.archive],
    ['نامه‌های دلخواه', 'FavoriteMessage', folders.favorite],
  ];
  let nextId = Math.max(0, ...allIds(records)) + 1;
  const groups = kinds
    .filter(([, , list]) => list.length)
    .map(([title, type, list]) => ({
      id: nextId++,
      title,
      type: 'Group',
      children: list.map((folder) => ({
        id: folder.id,
        title: folder.title,
        ownTitle: folder.ownTitle,
        type,
        children: [],
      })),
    }));
  if (!groups.length) return records;
  return records.map((record) => {
    if (record.title !== LETTERS_GROUP) return record;
    const drafts = record.children.findIndex((child) => child.type === 'DraftMessage');
    const at = drafts < 0 ? record.children.length : drafts + 1;
    return {
      ...record,
      children: [...record.children.slice(0, at), ...groups, ...record.children.slice(at)],
    };
  });
}

const allIds = (records: MenuRecord[]): number[] => records.flatMap((r) => [r.id, ...allIds(r.children)]);
