import { defineResource, f } from './kit';

export const province = defineResource({
  name: 'province',
  route: '/provinces',
  title: 'استان‌ها',
  singular: 'استان',
  table: 'provinces',
  idField: 'provinceId',
  permission: 'Person',
  fields: {
    title: f.title('نام استان', { max: 100 }),
  },
  // A person's address picks a province, then a city of it, by name alone.
  ownTitle: { message: (title) => `استانی با نام «${title}» هست؛ نام دیگری بنویسید` },
  help: 'استان‌های کشور، برای نشانی اشخاص. هنگام ساخت سازمان، ۳۱ استان ایران ثبت می‌شود.',
});

export const city = defineResource({
  name: 'city',
  route: '/cities',
  title: 'شهرها',
  singular: 'شهر',
  table: 'cities',
  idField: 'cityId',
  permission: 'Person',
  fields: {
    title: f.title('نام شهر', { max: 100 }),
    provinceFk: f.reference('استان', 'province', { required: true, list: true }),
  },
  filters: { parentId: 'provinceFk' },
  ownTitle: {
    within: 'provinceFk',
    message: (title) => `شهری با نام «${title}» در همین استان هست؛ نام دیگری بنویسید`,
  },
  help: 'شهرهای هر استان؛ فهرست شهرها با parentId (شناسه استان) محدود می‌شود.',
});
