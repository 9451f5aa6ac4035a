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
    title: f.title('عنوان سرفصل'),
    parentFk: f.treeParent('سرفصل والد', 'account', { list: true }),
  },
  filters: { parentId: 'parentFk' },
  // A heading is shown by its path: two of one title under one parent would be one path.
  ownTitle: {
    within: 'parentFk',
    message: (title) => `سرفصلی با عنوان «${title}» در همین جا هست؛ عنوان دیگری بنویسید`,
  },
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
    title: f.title('نام صندوق'),
  },
  ownTitle: { message: (title) => `صندوقی با نام «${title}» هست؛ نام دیگری بنویسید` },
  help: 'صندوق‌های نقدی سازمان.',
});
