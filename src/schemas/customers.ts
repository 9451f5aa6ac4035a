// Customers (spec 3 §3 Customer, §5): the organisation's counterparties. Letters name
// them as external senders and recipients, contracts and invoices belong to them, and
// ECE receivers are chosen among them. Agents, attachments, contacts and the detail
// page with its counts belong to the customers screens and build on this record.
import { dateOrder, defineResource, f } from './kit';

export const customer = defineResource({
  name: 'customer',
  route: '/customers/list',
  title: 'مشتریان',
  singular: 'مشتری',
  table: 'customers',
  idField: 'customerId',
  permission: 'Customers',
  unique: [['code']],
  // Pickers find a customer by its code too (not by its phone or e-mail: lists.ts).
  lookupFields: ['code'],
  fields: {
    name: f.title('نام مشتری', { hint: 'نام شخص یا شرکت' }),
    code: f.text('کد مشتری', { required: true, search: true, max: 50 }),
    customerGroups: f.references('گروه‌های مشتری', 'customergroup', { list: true }),
    tell: f.digits('تلفن', { search: true }),
    mobile: f.mobile('تلفن همراه', { search: true }),
    whatsApp: f.boolean('واتس‌اپ دارد'),
    email: f.email('پست الکترونیک', { search: true }),
    createdDate: f.date('تاریخ ایجاد', { required: true }),
    creditDate: f.date('تاریخ اعتبار', { required: true }),
    tags: f.tags('برچسب‌ها'),
    description: f.multiline('توضیحات'),
  },
  rules: [dateOrder('createdDate', 'creditDate', 'تاریخ اعتبار نباید پیش از تاریخ ایجاد باشد')],
  help: 'مشتریان سازمان (اشخاص یا شرکت‌ها). نامه‌های وارده و صادره، قراردادها و فاکتورها به مشتری پیوند می‌خورند. کد هر مشتری یکتاست.',
});
