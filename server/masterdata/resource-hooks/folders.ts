// Letter folders (archive, favourites): two folders of one name side by side cannot be told
// apart — in the menu, the folder picker or a letter's folder dialog — so a folder's title
// is one of its own among the folders under the same parent, compared as a search compares
// (twin-titles.ts). A title holding «/» is refused by the schema's rule
// (src/schemas/correspondence.ts): the path joins titles with « / », so «الف / ب» beside
// «الف» › «ب» would be one path twice — a twin this sibling check cannot see.
import { archive, favorite } from '../../../src/schemas/correspondence';
import { registerHooks } from '../hooks';
import { refuseTwinTitle } from './twin-titles';

const FOLDERS = [
  { resource: archive, table: 'archives', title: 'archive_title' },
  { resource: favorite, table: 'favorites', title: 'favorite_title' },
] as const;

for (const { resource, table, title } of FOLDERS)
  registerHooks(resource, {
    async beforeSave(ctx) {
      await refuseTwinTitle(ctx, {
        table,
        title,
        parent: 'parent_fk',
        message: (typed) => `پوشه‌ای با عنوان «${typed}» در همین جا هست؛ عنوان دیگری بنویسید`,
      });
    },
  });
