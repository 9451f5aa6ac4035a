// The route table of the whole portal (spec 1 §2, spec 2 §2, spec 3 §2).
// `name` is the specification's route name: the server's side menu refers to screens by
// it (menu item `type`), so it must never change. `path` uses react-router syntax.
// A screen that has landed sets `load`; until then the route shows the placeholder page.
// This file is plain data (no JSX) so tests and the server may import it too.
import type { ComponentType } from 'react';
import { LETTER_PERMISSIONS, type Permission } from './shared/permissions';

export interface AppRoute {
  name: string;
  path: string;
  /** Persian title of the screen (placeholder heading, page title). */
  title: string;
  /** Login and Register are shown without the shell (no top bar, no side menu). */
  noLayout?: boolean;
  /** What the user must hold to open it (the side menu's entry needs the same); a user
   *  without it who types the address sees the refusal page, not the screen. */
  permission?: Permission | readonly Permission[];
  /** Lazy import of the screen's module (default export); absent = placeholder. */
  load?: () => Promise<{ default: ComponentType }>;
}

/** The letter lists share one screen (src/custom/letters/list), set up per route. */
const letterList = (name: string) => () =>
  import('./custom/letters/list/screens').then((screens) => screens.letterListScreen(name));

export const ROUTES: AppRoute[] = [
  { name: 'Home', path: '/', title: 'داشبورد' },
  { name: 'Login', path: '/login', title: 'ورود', noLayout: true },
  { name: 'Register', path: '/registerdomain', title: 'ثبت نام سازمان جدید', noLayout: true },

  // Correspondence (spec 1)
  {
    name: 'MyMessage',
    path: '/mymessage',
    title: 'کارتابل من',
    permission: 'Messages',
    load: letterList('MyMessage'),
  },
  {
    name: 'UnReadMessage',
    path: '/unreadmessage',
    title: 'نامه‌های خوانده‌نشده',
    permission: 'Messages',
    load: letterList('UnReadMessage'),
  },
  {
    name: 'AnswerRequest',
    path: '/answerrequest',
    title: 'نامه‌های نیازمند پاسخ',
    permission: 'Messages',
    load: letterList('AnswerRequest'),
  },
  {
    name: 'DomesticLetters',
    path: '/domesticletters',
    title: 'نامه‌های داخلی ارسالی',
    permission: 'Messages',
    load: letterList('DomesticLetters'),
  },
  {
    name: 'IncomingLetters',
    path: '/incomingletters',
    title: 'نامه‌های وارده',
    permission: 'Messages',
    load: letterList('IncomingLetters'),
  },
  {
    name: 'LettersIssued',
    path: '/lettersissued',
    title: 'نامه‌های صادره',
    permission: 'Messages',
    load: letterList('LettersIssued'),
  },
  {
    name: 'AllMessage',
    path: '/allmessage',
    title: 'همه نامه‌ها',
    permission: 'AllMessages',
    load: letterList('AllMessage'),
  },
  {
    name: 'ArchiveMessage',
    path: '/archivemessage/:typeNumber',
    title: 'نامه‌های بایگانی',
    permission: 'Messages',
    load: letterList('ArchiveMessage'),
  },
  {
    name: 'FavoriteMessage',
    path: '/favoritemessage/:typeNumber',
    title: 'نامه‌های پوشه من',
    permission: 'Messages',
    load: letterList('FavoriteMessage'),
  },
  {
    name: 'DraftMessage',
    path: '/draftmessage',
    title: 'پیش‌نویس‌ها',
    permission: 'Messages',
    load: letterList('DraftMessage'),
  },
  {
    name: 'Letter',
    path: '/letter/:create/:pagetype/:messagetype/:id',
    title: 'نامه',
    // Opened from one's own lists (Messages) or from all letters (AllMessages).
    permission: LETTER_PERMISSIONS,
    load: () => import('./custom/letters/letter/LetterScreen'),
  },
  { name: 'Andikator', path: '/andikator', title: 'اندیکاتورها', permission: 'Andikator' },
  { name: 'Archive', path: '/archive', title: 'پوشه‌های بایگانی', permission: 'Archive' },
  { name: 'Favorite', path: '/favorite', title: 'پوشه‌های دلخواه', permission: 'Favorite' },
  {
    name: 'TemplateManager',
    path: '/templateManager',
    title: 'قالب‌های نامه',
    permission: 'TemplateManager',
  },
  { name: 'ReciveMethods', path: '/recivemethods', title: 'روش‌های دریافت', permission: 'Andikator' },
  { name: 'Banks', path: '/banks', title: 'بانک‌ها', permission: 'Banks' },
  { name: 'Headlines', path: '/headlines', title: 'سرفصل‌های حساب', permission: 'Headlines' },
  { name: 'BankAccounts', path: '/bankaccounts', title: 'حساب‌های بانکی', permission: 'BankAccounts' },
  { name: 'Funds', path: '/funds', title: 'صندوق‌ها', permission: 'Funds' },
  {
    name: 'OrganizationalPosition',
    path: '/organizationalposition',
    title: 'سمت‌های سازمانی',
    permission: 'OrganizationalPosition',
  },
  {
    name: 'OrganizationalUnit',
    path: '/organizationalunit',
    title: 'واحدهای سازمانی',
    permission: 'OrganizationalUnit',
  },
  { name: 'Company', path: '/company', title: 'شرکت‌ها', permission: 'Company' },
  { name: 'Provinces', path: '/provinces', title: 'استان‌ها', permission: 'Person' },
  { name: 'Cities', path: '/cities', title: 'شهرها', permission: 'Person' },
  { name: 'Links', path: '/links', title: 'پیوندها', permission: 'Links' },

  // Projects and the task board (spec 2)
  { name: 'ProjectsList', path: '/projects/list', title: 'پروژه ها', permission: 'Projects' },
  { name: 'ProjectGroupsList', path: '/projects/groups', title: 'گروه‌های پروژه', permission: 'Projects' },
  { name: 'Project', path: '/projects/:id', title: 'جزییات پروژه', permission: 'Projects' },
  { name: 'Tasks', path: '/tasks', title: 'تابلوی کارها', permission: 'Tasks' },
  { name: 'project-task', path: '/tasks/:projectId/:taskId', title: 'تابلوی کارها', permission: 'Tasks' },

  // Customers, contracts, accounting, administration (spec 3)
  { name: 'CustomersList', path: '/customers/list', title: 'مشتریان', permission: 'Customers' },
  {
    name: 'CustomerGroupsList',
    path: '/customers/groups',
    title: 'گروه‌های مشتریان',
    permission: 'Customers',
  },
  { name: 'Customer', path: '/customers/:id', title: 'جزییات مشتری', permission: 'Customers' },
  { name: 'ContractsList', path: '/contracts/list', title: 'لیست قراردادها', permission: 'Contracts' },
  {
    name: 'ContractGroupsList',
    path: '/contracts/groups',
    title: 'گروه‌های قرارداد',
    permission: 'Contracts',
  },
  { name: 'Contract', path: '/contracts/:id', title: 'جزییات قرارداد', permission: 'Contracts' },
  { name: 'Ece', path: '/ece', title: 'تعریف مکاتبات الکترونیک', permission: 'Ece' },
  { name: 'EceReceivers', path: '/ecereceivers', title: 'گیرندگان الکترونیک', permission: 'Ece' },
  { name: 'EceEmails', path: '/eceemails', title: 'پست‌های الکترونیک مکاتبات', permission: 'Ece' },
  { name: 'Person', path: '/person', title: 'اشخاص', permission: 'Person' },
  { name: 'ContentList', path: '/contentlist', title: 'محتوا', permission: 'Blog' },
  { name: 'ContentCategory', path: '/contentcategory', title: 'دسته‌بندی محتوا', permission: 'Blog' },
  { name: 'AccountingList', path: '/accountinglist', title: 'اسناد حسابداری', permission: 'Accounting' },
  {
    name: 'AccountingCategory',
    path: '/accountingcategory',
    title: 'لیست فاکتور ها',
    permission: 'Invoices',
  },
  { name: 'TicketList', path: '/ticketlist', title: 'تیکت‌ها', permission: 'Tickets' },
  { name: 'Domains', path: '/domains', title: 'سازمان‌ها', permission: 'Domains' },
  { name: 'Plans', path: '/plans', title: 'طرح‌های اشتراک', permission: 'Plans' },
  { name: 'OnlineUser', path: '/onlineuser', title: 'کاربران برخط', permission: 'OnlineUser' },
  { name: 'UserGroups', path: '/usergroups', title: 'گروه‌های کاربری', permission: 'UserGroups' },
  { name: 'MembersUser', path: '/membersuser', title: 'اعضای گروه‌ها', permission: 'UserGroups' },
  { name: 'UserAccess', path: '/useraccess', title: 'دسترسی کاربران', permission: 'UserGroups' },
  { name: 'ExclusiveAccess', path: '/exclusiveaccess', title: 'دسترسی‌های اختصاصی' },
];

const BY_NAME = new Map(ROUTES.map((route) => [route.name, route]));

export function routeByName(name: string): AppRoute | undefined {
  return BY_NAME.get(name);
}

/** Routes drawn inside the shell, apart from Home (which is the react-admin dashboard). */
export const SHELL_ROUTES = ROUTES.filter((route) => !route.noLayout && route.path !== '/');

/**
 * The URL of a named route with its params filled in, e.g.
 * `pathTo('ArchiveMessage', { typeNumber: 3 })` → `/archivemessage/3`.
 * Undefined when the name is unknown or a param is missing.
 */
export function pathTo(name: string, params: Record<string, string | number> = {}): string | undefined {
  const route = routeByName(name);
  if (!route) return undefined;
  let missing = false;
  const path = route.path.replace(/:(\w+)/g, (_, key: string) => {
    if (params[key] === undefined) missing = true;
    return encodeURIComponent(String(params[key]));
  });
  return missing ? undefined : path;
}

// Master-data screens (src/resources): a shell route without a screen of its own loads the
// generic resource screen, which draws the resource of src/schemas whose `route` is this
// path, or the placeholder when there is none yet. The lookup runs when the route is first
// opened, so the resource definitions (and zod) stay out of the first page.
for (const route of SHELL_ROUTES) {
  route.load ??= () => import('./resources/routeScreen').then((screens) => screens.screenAt(route));
}
