// The permission strings a user can hold (spec 1 §6 plus one per screen). A user's
// permissions are the union of their active user groups'. The server checks them on
// every call; the client only uses them to hide what would be refused.

/** What a user is told when a screen or a call needs a permission they do not hold: the
 *  server's status-0 answer and the client's refusal page say the same sentence. */
export const NO_PERMISSION_MESSAGE = 'شما به این بخش دسترسی ندارید';

export const PERMISSIONS = {
  // Correspondence (spec 1 §6)
  Messages: 'کارتابل نامه‌ها',
  AllMessages: 'همه نامه‌ها',
  CreateInternalMessage: 'نامه داخلی جدید',
  CreateImportMessage: 'نامه وارده جدید',
  CreateExportMessage: 'نامه صادره جدید',
  // Work
  Projects: 'پروژه‌ها',
  Tasks: 'کارها',
  Customers: 'مشتریان',
  Contracts: 'قراردادها',
  Accounting: 'اسناد حسابداری',
  Invoices: 'فاکتورها',
  Tickets: 'تیکت‌ها',
  Blog: 'محتوا',
  // Master data of the organisation
  Andikator: 'اندیکاتورها',
  Archive: 'پوشه‌های بایگانی',
  Favorite: 'پوشه‌های دلخواه',
  TemplateManager: 'قالب‌های نامه',
  Ece: 'مکاتبات الکترونیک',
  Banks: 'بانک‌ها',
  BankAccounts: 'حساب‌های بانکی',
  Headlines: 'سرفصل‌های حساب',
  Funds: 'صندوق‌ها',
  OrganizationalUnit: 'واحدهای سازمانی',
  OrganizationalPosition: 'سمت‌های سازمانی',
  Company: 'شرکت‌ها',
  Person: 'اشخاص',
  Links: 'پیوندها',
  // Platform operator
  Domains: 'سازمان‌ها (مستاجرها)',
  Plans: 'طرح‌های اشتراک',
  OnlineUser: 'کاربران برخط',
  UserGroups: 'گروه‌های کاربری',
} as const;

export type Permission = keyof typeof PERMISSIONS;

export const PLATFORM_PERMISSIONS: Permission[] = ['Domains', 'Plans', 'OnlineUser', 'UserGroups'];

/** What a tenant's own administrators may hold: everything but the platform's screens. */
export const TENANT_PERMISSIONS = (Object.keys(PERMISSIONS) as Permission[]).filter(
  (p) => !PLATFORM_PERMISSIONS.includes(p),
);

/** Who uses letters at all: their own (Messages) or every letter (AllMessages). Every
 *  letters call asks for one of them (server/letters/routes.ts), the letter screen too. (A
 *  letter goes only to colleagues with Messages: its cartable is theirs — letters/people.ts.) */
export const LETTER_PERMISSIONS: readonly Permission[] = ['Messages', 'AllMessages'];
