import { defineResource, f } from './kit';

export const account = defineResource({
  name: 'account',
  route: '/headlines',
  title: 'سرفصل‌های حساب',
  singular: 'سرفصل حساب',
  table: 'accounts',
  idField: 'accountId',
  permission: 'Headlines',
  fields: {
    title: f.text('عنوان سرفصل', { required: true, list: true, search: true, max: 200 }),
    parentFk: f.treeParent('سرفصل والد', 'account', { list: true }),
  },
  filters: { parentId: 'parentFk' },
  help: 'درخت سرفصل‌های حسابداری؛ هر سرفصل می‌تواند زیر سرفصل دیگری باشد.',
});

export const cashDesk = defineResource({
  name: 'cashdesk',
  route: '/funds',
  title: 'صندوق‌ها',
  singular: 'صندوق',
  table: 'cash_desks',
  idField: 'cashDeskId',
  permission: 'Funds',
  fields: {
    title: f.text('نام صندوق', { required: true, list: true, search: true, max: 200 }),
  },
  help: 'صندوق‌های نقدی سازمان.',
});
