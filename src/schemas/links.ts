import { defineResource, f } from './kit';

/** Quick links: each user's own (home tiles and the Links screen). */
export const link = defineResource({
  name: 'link',
  route: '/links',
  title: 'پیوندها',
  singular: 'پیوند',
  table: 'links',
  idField: 'linkId',
  permission: 'Links',
  ownedByUser: true,
  fields: {
    caption: f.title('عنوان'),
    url: f.url('نشانی', { required: true, list: true, search: true, max: 2000 }),
  },
  help: 'پیوندهای سریع شما؛ در داشبورد به صورت کاشی نمایش داده می‌شوند و فقط خودتان آن‌ها را می‌بینید.',
});
