// The route table of the whole portal (spec 1 §2, spec 2 §2, spec 3 §2).
// `name` is the specification's route name: the server's side menu refers to screens by
// it (menu item `type`), so it must never change. `path` uses react-router syntax.
// A screen that has landed sets `load`; until then the route shows the placeholder page.
// This file is plain data (no JSX) so tests and the server may import it too.
import type { ComponentType } from 'react';

export interface AppRoute {
  name: string;
  path: string;
  /** Persian title of the screen (placeholder heading, page title). */
  title: string;
  /** Login and Register are shown without the shell (no top bar, no side menu). */
  noLayout?: boolean;
  /** Lazy import of the screen's module (default export); absent = placeholder. */
  load?: () => Promise<{ default: ComponentType }>;
}

export const ROUTES: AppRoute[] = [
  { name: 'Home', path: '/', title: 'داشبورد' },
  { name: 'Login', path: '/login', title: 'ورود', noLayout: true },
  { name: 'Register', path: '/registerdomain', title: 'ثبت نام سازمان جدید', noLayout: true },

  // Correspondence (spec 1)
  { name: 'MyMessage', path: '/mymessage', title: 'کارتابل من' },
  { name: 'UnReadMessage', path: '/unreadmessage', title: 'نامه‌های خوانده‌نشده' },
  { name: 'AnswerRequest', path: '/answerrequest', title: 'نامه‌های نیازمند پاسخ' },
  { name: 'DomesticLetters', path: '/domesticletters', title: 'نامه‌های داخلی ارسالی' },
  { name: 'IncomingLetters', path: '/incomingletters', title: 'نامه‌های وارده' },
  { name: 'LettersIssued', path: '/lettersissued', title: 'نامه‌های صادره' },
  { name: 'AllMessage', path: '/allmessage', title: 'همه نامه‌ها' },
  { name: 'ArchiveMessage', path: '/archivemessage/:typeNumber', title: 'نامه‌های بایگانی' },
  { name: 'FavoriteMessage', path: '/favoritemessage/:typeNumber', title: 'نامه‌های پوشه من' },
  { name: 'DraftMessage', path: '/draftmessage', title: 'پیش‌نویس‌ها' },
  { name: 'Letter', path: '/letter/:create/:pagetype/:messagetype/:id', title: 'نامه' },
  { name: 'Andikator', path: '/andikator', title: 'اندیکاتورها' },
  { name: 'Archive', path: '/archive', title: 'پوشه‌های بایگانی' },
  { name: 'Favorite', path: '/favorite', title: 'پوشه‌های دلخواه' },
  { name: 'TemplateManager', path: '/templateManager', title: 'قالب‌های نامه' },
  { name: 'ReciveMethods', path: '/recivemethods', title: 'روش‌های دریافت' },
  { name: 'Banks', path: '/banks', title: 'بانک‌ها' },
  { name: 'Headlines', path: '/headlines', title: 'سرفصل‌های حساب' },
  { name: 'BankAccounts', path: '/bankaccounts', title: 'حساب‌های بانکی' },
  { name: 'Funds', path: '/funds', title: 'صندوق‌ها' },
  { name: 'OrganizationalPosition', path: '/organizationalposition', title: 'سمت‌های سازمانی' },
  { name: 'OrganizationalUnit', path: '/organizationalunit', title: 'واحدهای سازمانی' },
  { name: 'Company', path: '/company', title: 'شرکت‌ها' },
  { name: 'Provinces', path: '/provinces', title: 'استان‌ها' },
  { name: 'Cities', path: '/cities', title: 'شهرها' },
  { name: 'Links', path: '/links', title: 'پیوندها' },

  // Projects and the task board (spec 2)
  { name: 'ProjectsList', path: '/projects/list', title: 'پروژه ها' },
  { name: 'ProjectGroupsList', path: '/projects/groups', title: 'گروه‌های پروژه' },
  { name: 'Project', path: '/projects/:id', title: 'جزییات پروژه' },
  { name: 'Tasks', path: '/tasks', title: 'تابلوی کارها' },
  { name: 'project-task', path: '/tasks/:projectId/:taskId', title: 'تابلوی کارها' },

  // Customers, contracts, accounting, administration (spec 3)
  { name: 'CustomersList', path: '/customers/list', title: 'مشتریان' },
  { name: 'CustomerGroupsList', path: '/customers/groups', title: 'گروه‌های مشتریان' },
  { name: 'Customer', path: '/customers/:id', title: 'جزییات مشتری' },
  { name: 'ContractsList', path: '/contracts/list', title: 'لیست قراردادها' },
  { name: 'ContractGroupsList', path: '/contracts/groups', title: 'گروه‌های قرارداد' },
  { name: 'Contract', path: '/contracts/:id', title: 'جزییات قرارداد' },
  { name: 'Ece', path: '/ece', title: 'تعریف مکاتبات الکترونیک' },
  { name: 'EceReceivers', path: '/ecereceivers', title: 'گیرندگان الکترونیک' },
  { name: 'EceEmails', path: '/eceemails', title: 'پست‌های الکترونیک مکاتبات' },
  { name: 'Person', path: '/person', title: 'اشخاص' },
  { name: 'ContentList', path: '/contentlist', title: 'محتوا' },
  { name: 'ContentCategory', path: '/contentcategory', title: 'دسته‌بندی محتوا' },
  { name: 'AccountingList', path: '/accountinglist', title: 'اسناد حسابداری' },
  { name: 'AccountingCategory', path: '/accountingcategory', title: 'لیست فاکتور ها' },
  { name: 'TicketList', path: '/ticketlist', title: 'تیکت‌ها' },
  { name: 'Domains', path: '/domains', title: 'سازمان‌ها' },
  { name: 'Plans', path: '/plans', title: 'طرح‌های اشتراک' },
  { name: 'OnlineUser', path: '/onlineuser', title: 'کاربران برخط' },
  { name: 'UserGroups', path: '/usergroups', title: 'گروه‌های کاربری' },
  { name: 'MembersUser', path: '/membersuser', title: 'اعضای گروه‌ها' },
  { name: 'UserAccess', path: '/useraccess', title: 'دسترسی کاربران' },
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
