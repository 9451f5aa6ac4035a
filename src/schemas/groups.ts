// Grouping resources of customers, contracts, projects and content, and the fixed
// enumerations of the contract screens (spec 3 §3), shared by screens and enum/ calls.
import { z } from 'zod';
import { defineResource, f } from './kit';

export const CONTRACT_TYPES = [
  { id: 1, value: 'داخلی' },
  { id: 2, value: 'خارجی' },
] as const;

/** Contract payment methods, numbered as the specification lists them. */
export const PAYMENT_METHODS = [
  { id: 0, value: 'تاریخ ثابت' },
  { id: 1, value: 'روزانه' },
  { id: 2, value: 'سالانه' },
  { id: 3, value: 'ماهانه' },
  { id: 4, value: 'هفتگی' },
] as const;

// Not named by the specification; our choices. A contract payment records how it is
// paid or guaranteed (it has a guarantee title and a slip number).
export const PAYMENT_TYPES = [
  { id: 1, value: 'نقدی' },
  { id: 2, value: 'چک' },
  { id: 3, value: 'حواله بانکی' },
  { id: 4, value: 'ضمانت‌نامه بانکی' },
  { id: 5, value: 'سفته' },
] as const;

// Supplement (coefficient) types: what a supplement does to the contract amount.
export const COEFFICIENT_TYPES = [
  { id: 1, value: 'افزایش مبلغ' },
  { id: 2, value: 'کاهش مبلغ' },
  { id: 3, value: 'تعدیل' },
  { id: 4, value: 'کسورات' },
] as const;

// Contract activity types: what happened on a date of the contract.
export const ACTIVITY_TYPES = [
  { id: 1, value: 'جلسه' },
  { id: 2, value: 'تماس تلفنی' },
  { id: 3, value: 'مکاتبه' },
  { id: 4, value: 'بازدید' },
  { id: 5, value: 'تحویل کار' },
  { id: 6, value: 'سایر' },
] as const;

/** A contract group's type: internal unless chosen otherwise (spec 3 §9, contract default 1). */
const contractType = f.enumOf('نوع قرارداد', CONTRACT_TYPES, { list: true });
contractType.schema = z
  .preprocess((v) => (v === undefined || v === null || v === '' ? 1 : v), contractType.schema)
  .describe(contractType.meta.label);

export const customerGroup = defineResource({
  name: 'customergroup',
  route: '/customers/groups',
  title: 'گروه‌های مشتریان',
  singular: 'گروه مشتریان',
  table: 'customer_groups',
  idField: 'customerGroupId',
  permission: 'Customers',
  fields: {
    customerGroupTitle: f.title('عنوان گروه'),
  },
  // The customer form's «گروه‌های مشتری» picker names them by title alone, as the groups below.
  ownTitle: { message: (title) => `گروه مشتریانی با عنوان «${title}» هست؛ عنوان دیگری بنویسید` },
  help: 'گروه‌بندی مشتریان؛ هر مشتری می‌تواند عضو چند گروه باشد.',
});

export const contractGroup = defineResource({
  name: 'contractgroup',
  route: '/contracts/groups',
  title: 'گروه‌های قرارداد',
  singular: 'گروه قرارداد',
  table: 'contract_groups',
  idField: 'contractGroupId',
  permission: 'Contracts',
  fields: {
    contractGroupTitle: f.title('عنوان گروه'),
    contractType,
    isCost: f.boolean('هزینه‌ای', { list: true, hint: 'قراردادهای این گروه هزینه سازمان‌اند' }),
  },
  ownTitle: { message: (title) => `گروه قراردادی با عنوان «${title}» هست؛ عنوان دیگری بنویسید` },
  help: 'گروه‌بندی قراردادها: داخلی (با اشخاص سازمان) یا خارجی (با مشتریان)، هزینه‌ای یا درآمدی.',
});

export const projectGroup = defineResource({
  name: 'projectgroup',
  route: '/projects/groups',
  title: 'گروه‌های پروژه',
  singular: 'گروه پروژه',
  table: 'project_groups',
  idField: 'projectGroupId',
  permission: 'Projects',
  fields: {
    projectGroupTitle: f.title('عنوان گروه'),
  },
  ownTitle: { message: (title) => `گروه پروژه‌ای با عنوان «${title}» هست؛ عنوان دیگری بنویسید` },
  help: 'گروه‌بندی پروژه‌ها.',
});

export const blogCategory = defineResource({
  name: 'blogcategory',
  route: '/contentcategory',
  title: 'دسته‌بندی محتوا',
  singular: 'دسته محتوا',
  table: 'blog_categories',
  idField: 'blogCategoryId',
  permission: 'Blog',
  fields: {
    title: f.title('عنوان دسته'),
  },
  ownTitle: { message: (title) => `دسته محتوایی با عنوان «${title}» هست؛ عنوان دیگری بنویسید` },
  help: 'دسته‌های مطالب وبلاگ و محتوا.',
});
