import { IMAGE_SIZE_HINT } from '../shared/uploads';
import { defineResource, f } from './kit';

export const orgUnit = defineResource({
  name: 'orgunit',
  route: '/organizationalunit',
  title: 'واحدهای سازمانی',
  singular: 'واحد سازمانی',
  table: 'org_units',
  idField: 'orgUnitId',
  permission: 'OrganizationalUnit',
  fields: {
    orgUnitTitle: f.title('عنوان واحد'),
    parentOrgUnitFk: f.treeParent('واحد بالادست', 'orgunit', { list: true }),
    isActive: f.active(),
  },
  filters: { parentId: 'parentOrgUnitFk' },
  // A unit is shown by its path: two of one title under one unit would be one path.
  ownTitle: {
    within: 'parentOrgUnitFk',
    message: (title) => `واحد سازمانی با عنوان «${title}» در همین جا هست؛ عنوان دیگری بنویسید`,
  },
  help: 'نمودار سازمانی: هر واحد زیر واحد بالادست خود قرار می‌گیرد.',
});

export const orgPost = defineResource({
  name: 'orgpost',
  route: '/organizationalposition',
  title: 'سمت‌های سازمانی',
  singular: 'سمت سازمانی',
  table: 'org_posts',
  idField: 'orgPostId',
  permission: 'OrganizationalPosition',
  fields: {
    orgPostTitle: f.title('عنوان سمت'),
    orgUnitFk: f.reference('واحد سازمانی', 'orgunit', { required: true, list: true }),
    isActive: f.active(),
  },
  filters: { orgUnitId: 'orgUnitFk' },
  // A person's and an ECE definition's posts are picked by title: one of each within a unit.
  ownTitle: {
    within: 'orgUnitFk',
    message: (title) => `سمتی با عنوان «${title}» در همین واحد سازمانی هست؛ عنوان دیگری بنویسید`,
  },
  help: 'سمت‌های هر واحد سازمانی؛ اشخاص به این سمت‌ها منصوب می‌شوند.',
});

export const company = defineResource({
  name: 'company',
  route: '/company',
  title: 'شرکت‌ها',
  singular: 'شرکت',
  table: 'companies',
  idField: 'companyId',
  permission: 'Company',
  fields: {
    companyName: f.title('نام شرکت'),
    email: f.email('پست الکترونیک', { list: true, search: true }),
    mobile: f.digits('تلفن همراه', { list: true, search: true }),
    isActive: f.active(),
    nationalId: f.digits('شناسه ملی', { list: true, search: true }),
    phone: f.digits('تلفن', { list: true }),
    postalCode: f.digits('کد پستی', { list: true }),
    fax: f.digits('نمابر', { list: true }),
    address: f.multiline('نشانی', { list: true, max: 1000 }),
    economicalCode: f.digits('کد اقتصادی'),
    // A reference to its own resource: like a tree's parent, the engine refuses the company
    // itself or one below it (server/masterdata/service.ts checkTreeParent). Not a
    // `treeParent`: companies keep no path (`fullName`), and are named by their own name.
    parentCompanyFk: f.reference('شرکت مادر', 'company'),
    // Not among the specification's company fields: the letterhead of printed letters.
    logo: f.image('نشان شرکت', { list: true, hint: `تصویر png، jpg، gif یا webp ${IMAGE_SIZE_HINT}` }),
  },
  help: 'شرکت‌های طرف حساب یا زیرمجموعه سازمان.',
});
