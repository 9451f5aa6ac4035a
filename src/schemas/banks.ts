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
  help: 'حساب‌های بانکی سازمان برای اسناد پرداخت و دریافت.',
});
