// Electronic correspondence (ECE) setup (spec 3 §2, §3): the mailboxes letters are
// exchanged through, the definitions tying a mailbox to a numbering scheme and a post,
// and the customers that letters may be sent to electronically.
import { defineResource, f } from './kit';

export const eceEmail = defineResource({
  name: 'eceemails',
  route: '/eceemails',
  title: 'پست‌های الکترونیک مکاتبات',
  singular: 'پست الکترونیک مکاتبات',
  table: 'ece_emails',
  idField: 'eCEEmailId',
  permission: 'Ece',
  fields: {
    title: f.title('عنوان'),
    email: f.email('پست الکترونیک', { required: true, list: true, search: true }),
    userName: f.text('نام کاربری', { required: true, list: true, max: 200 }),
    // Stored encrypted (AES-256-GCM, see resource-hooks/eceemail.ts); never sent back.
    password: f.password('رمز عبور', { requiredOnCreate: true }),
    inputServer: f.text('سرور ورودی', { required: true, list: true, max: 255 }),
    inputPort: f.number('درگاه ورودی', { required: true, list: true }),
    outputServer: f.text('سرور خروجی', { required: true, list: true, max: 255 }),
    outputPort: f.number('درگاه خروجی', { required: true, list: true }),
    inSSl: f.boolean('SSL ورودی', { default: true }),
    outSSl: f.boolean('SSL خروجی', { default: true }),
    outTls: f.boolean('TLS خروجی', { default: true }),
  },
  // An ECE definition picks its mailbox by title alone.
  ownTitle: { message: (title) => `پست الکترونیک مکاتباتی با عنوان «${title}» هست؛ عنوان دیگری بنویسید` },
  help: 'صندوق‌های پست الکترونیک که نامه‌های الکترونیک از آن‌ها دریافت و ارسال می‌شود.',
});

export const ece = defineResource({
  name: 'ece',
  route: '/ece',
  title: 'تعریف مکاتبات الکترونیک',
  singular: 'تعریف مکاتبات الکترونیک',
  table: 'ece_definitions',
  idField: 'eCEId',
  permission: 'Ece',
  fields: {
    title: f.title('عنوان'),
    eCEEmailFk: f.reference('پست الکترونیک', 'eceemails', {
      required: true,
      list: true,
      column: 'ece_email_fk',
    }),
    andikatorFk: f.reference('اندیکاتور', 'andikator', { required: true, list: true }),
    orgPostFk: f.reference('سمت سازمانی', 'orgpost', { required: true, list: true }),
    in: f.boolean('ورودی', { list: true, default: true, column: 'is_in' }),
    out: f.boolean('خروجی', { list: true, default: true, column: 'is_out' }),
  },
  help: 'هر تعریف، یک صندوق پست الکترونیک را به یک اندیکاتور و یک سمت سازمانی پیوند می‌دهد.',
});

export const eceReceiver = defineResource({
  name: 'ecereceivers',
  route: '/ecereceivers',
  title: 'گیرندگان الکترونیک',
  singular: 'گیرنده الکترونیک',
  table: 'ece_receivers',
  idField: 'eCEReceiverId',
  permission: 'Ece',
  unique: [['customerId']],
  fields: {
    customerId: f.reference('مشتری', 'customer', { required: true, list: true, search: true }),
  },
  help: 'مشتریانی که نامه‌های صادره به آن‌ها از راه مکاتبات الکترونیک فرستاده می‌شود. هر مشتری یک بار در این فهرست می‌آید.',
});
