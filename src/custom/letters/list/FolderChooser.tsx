// A folder list's own folder picker (archive, favourites): the side menu shows at most
// MENU_FOLDERS of a kind (server/menu/routes.ts), and a tenant may have thousands — any
// folder is reached here by name, and «پوشه‌های دیگر…» in the menu opens the list without
// one. The folder's name comes from its lookup when the menu does not hold it.
import { useNavigate } from 'react-router-dom';
import { pathTo } from '../../../routes';
import { useResourceChoices } from '../../../resources/records';
import { useNotice } from '../../../ui/notices';
import { LookupPicker } from '../pickers/LookupPicker';
import type { LetterListConfig } from './listScreens';

const FOLDER_GONE = 'پوشه این نشانی یافت نشد؛ پوشه‌ای دیگر انتخاب کنید';

/** The master-data resource of a folder list's folders. */
export const folderResource = (config: LetterListConfig) =>
  config.pageType === 'Archive' ? 'archive' : 'favorite';

/** The folder's name (its full path) by lookup, once known; '' for none. */
export function useFolderName(config: LetterListConfig, folder: number): string {
  const { kept } = useResourceChoices(config.folder && folder > 0 ? folderResource(config) : undefined, {
    selected: folder > 0 ? [folder] : [],
  });
  return kept.find((choice) => Number(choice.id) === folder)?.name ?? '';
}

/** The user has no folder of the list's kind at all (the lookup answered none): asked only
 *  while `asking` (a folder list opened without its folder). */
export function useNoFoldersYet(config: LetterListConfig, asking: boolean): boolean {
  const { choices, isPending, problem } = useResourceChoices(asking ? folderResource(config) : undefined);
  return asking && !isPending && !problem && choices.length === 0;
}

export function FolderChooser({ config, folder }: { config: LetterListConfig; folder: number }) {
  const navigate = useNavigate();
  const notice = useNotice();
  const open = (id: number) => void navigate(pathTo(config.route, { typeNumber: id }) ?? '/');
  return (
    <LookupPicker
      id="filter-folder"
      resource={folderResource(config)}
      label="پوشه"
      value={folder > 0 ? folder : undefined}
      onChange={(id) => open(id ?? 0)}
      onGone={() => {
        notice.error(FOLDER_GONE, 5000);
        open(0);
      }}
      sx={{ flex: '1 1 220px', maxWidth: 320 }}
    />
  );
}
