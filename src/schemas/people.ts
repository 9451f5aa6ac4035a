// People of the organisation (spec 3 §3 Person, §5, §7). Each person is also a user of
// the tenant: the mobile is the username, the password and role names (user groups)
// belong to the user. Those parts are handled by server/masterdata/resource-hooks/person.ts.
import { defineResource, f } from './kit';

/** genderFk: the specification's name, but the values are marital status. */
export const MARITAL_STATUSES = [
  { id: 1, value: 'مجرد' },
  { id: 2, value: 'متاهل' },
] as const;

// userTypeFk: not listed by the specification; user groups flag managers (userType2)
// and employees (userType3), so 2 and 3 mean those, and 1 the system administrator.
export const USER_TYPES = [
  { id: 1, value: 'مدیر سامانه' },
  { id: 2, value: 'مدیر' },
  { id: 3, value: 'کارمند' },
] as const;

export const person = defineResource({
  name: 'person',
  route: '/person',
  title: 'اشخاص',
  singular: 'شخص',
  table: 'persons',
  idField: 'id',
  permission: 'Person',
  pageSize: 20,
  titleFields: ['firstName', 'lastName'],
  fields: {
    // The list columns, in the specification's order.
    preTitle: f.text('پیشوند', { list: true, search: true, max: 50 }),
    firstName: f.title('نام', { max: 100 }),
    lastName: f.title('نام خانوادگی', { max: 100 }),
    mobile: f.mobile('تلفن همراه', {
      required: true,
      list: true,
      search: true,
      readOnlyOnEdit: true,
      hint: 'نام کاربری ورود؛ پس از ثبت تغییر نمی‌کند',
    }),
    nationalCode: f.digits('کد ملی', { list: true, search: true }),
    phone: f.digits('تلفن', { list: true, search: true }),
    email: f.email('پست الکترونیک', { list: true, search: true }),
    isActive: f.active(),
    // The rest of the form.
    fatherName: f.text('نام پدر', { max: 100 }),
    birthDate: f.date('تاریخ تولد'),
    genderFk: f.enumOf('وضعیت تأهل', MARITAL_STATUSES),
    provinceFk: f.reference('استان', 'province'),
    cityFk: f.reference('شهر', 'city', { narrowedBy: { field: 'provinceFk', filter: 'parentId' } }),
    postalCode: f.digits('کد پستی'),
    address: f.multiline('نشانی', { max: 1000 }),
    whatsApp: f.boolean('واتس‌اپ دارد', { default: true }),
    fax: f.digits('نمابر'),
    userTypeFk: f.enumOf('نوع کاربر', USER_TYPES),
    parentCompanyFk: f.reference('شرکت', 'company'),
    organPosts: f.references('سمت‌های سازمانی', 'orgpost'),
    roleNames: f.stringList('نقش‌ها', { required: true, virtual: true, choicesFrom: 'person/allrolenames' }),
    passWord: f.password('رمز عبور', { requiredOnCreate: true, virtual: true, hint: 'دست‌کم ۶ نویسه' }),
  },
  filters: { provinceId: 'provinceFk', cityId: 'cityFk', companyId: 'parentCompanyFk' },
  help: 'اشخاص سازمان. هر شخص کاربر سامانه است: با شماره همراه و رمز عبور وارد می‌شود و نقش‌هایش دسترسی او را تعیین می‌کند. شخص غیرفعال نمی‌تواند وارد شود.',
});
