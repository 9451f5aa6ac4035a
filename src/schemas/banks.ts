import { defineResource, f } from './kit';

export const bank = defineResource({
  name: 'bank',
  route: '/banks',
  title: 'بانک‌ها',
  singular: 'بانک',
  table: 'banks',
  idField: 'bankId',
  permission: 'Banks',
  fields: {
    title: f.title('نام بانک'),
  },
  // An account's form picks its bank by name alone.
  ownTitle: { message: (title) => `بانکی با نام «${title}» هست؛ نام دیگری بنویسید` },
  help: 'فهرست بانک‌هایی که سازمان با آن‌ها حساب دارد. بانکی که حساب بانکی دارد حذف نمی‌شود.',
});

export const bankAccount = defineResource({
  name: 'bankaccount',
  route: '/bankaccounts',
  title: 'حساب‌های بانکی',
  singular: 'حساب بانکی',
  table: 'bank_accounts',
  idField: 'bankAccountId',
  permission: 'BankAccounts',
  fields: {
    bankFk: f.reference('بانک', 'bank', { required: true, list: true }),
    number: f.title('شماره حساب', { max: 50 }),
  },
  filters: { bankId: 'bankFk' },
  // A payment's form picks an account by its number: one number once in a bank, however
  // it is grouped («0101-2233-44», «۰۱۰۱ ۲۲۳۳ ۴۴», «0101223344» are one account).
  ownTitle: {
    within: 'bankFk',
    separatorsIgnored: true,
    message: (number) => `حساب شماره «${number}» در همین بانک ثبت شده است؛ شماره دیگری بنویسید`,
  },
  help: 'حساب‌های بانکی سازمان برای اسناد پرداخت و دریافت.',
});
