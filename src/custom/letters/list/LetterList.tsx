// One letter list screen (spec 1 §2 "Letter list screens"): the title, the new-letter menu,
// the search box, the customer filters where the list has them, the table and the pager.
// Its state is in the URL (listUrl.ts); it reloads when a notification arrives and with
// react-admin's refresh (useLetterPage). A page that could not be loaded says so, with
// «تلاش دوباره», and tells no total; nor does one not loaded yet. Back from a letter
// returns to where the list was left (useReturnToRow).
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { Title } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { routeByName } from '../../../routes';
import { recordId } from '../../../shared/integers';
import { toPersianDigits } from '../../../shared/persian-digits';
import { Pager } from '../../../resources/list/ResourcePager';
import { useNotice } from '../../../ui/notices';
import { ConfirmDialog } from '../../dashboard/ConfirmDialog';
import { MenuButton } from '../../dashboard/MenuButton';
import { useRefreshOnNotification } from '../../dashboard/useRefreshOnNotification';
import { deleteLetter, isFolderPage, takeOutOfFolder, type LetterRow } from '../api';
import { useNewLetterLinks } from '../letterTypes';
import { LookupPicker } from '../pickers/LookupPicker';
import { AskAdminUnlessOpen, SettingsPlace } from '../pickers/SettingsPlace';
import { FolderChooser, folderResource, useFolderName, useNoFoldersYet } from './FolderChooser';
import { LetterTable } from './LetterTable';
import type { LetterListConfig } from './listScreens';
import { useListUrl, type CustomerFilter } from './listUrl';
import { useLetterPage } from './useLetterPage';
import { useReturnToRow } from './useReturnToRow';
import { useProvidedMenuItems } from '../../../layout/menu/MenuItemsProvider';
import { folderTitle } from '../../../layout/menu/menuTree';

const SEARCH_DELAY_MS = 400;

const CUSTOMER_GONE = 'مشتری این نشانی یافت نشد؛ نامه‌ها بدون انتخاب مشتری نمایش داده می‌شوند';

const CUSTOMER_FILTER_LABELS: Record<CustomerFilter, string> = {
  toCustomerId: 'مشتری گیرنده',
  fromCustomerId: 'مشتری فرستنده',
};

/** The letter screen's code, fetched while the user reads the list: over a slow link the
 *  first letter opened waited seconds for it, the list still on screen and nothing moving
 *  (probe helper-95). Once per page load; a failure is left to the opening itself. */
let letterScreenFetched = false;
function useLetterScreenFetched() {
  useEffect(() => {
    if (letterScreenFetched) return;
    const timer = setTimeout(() => {
      letterScreenFetched = true;
      routeByName('Letter')
        ?.load?.()
        .catch(() => (letterScreenFetched = false));
    }, 1500);
    return () => clearTimeout(timer);
  }, []);
}

export function LetterList({ config }: { config: LetterListConfig }) {
  useLetterScreenFetched();
  const {
    state,
    malformed,
    setPage,
    correctPage,
    setPageSize,
    setPhrase,
    setCustomer,
    dropCustomer,
    clearProject,
  } = useListUrl(config.customerFilters);
  const notice = useNotice();
  const customerGone = (...filters: CustomerFilter[]) => {
    dropCustomer(...filters);
    notice.error(CUSTOMER_GONE, 5000);
  };
  const malformedKey = malformed.join();
  useEffect(() => {
    if (malformedKey) customerGone(...(malformedKey.split(',') as CustomerFilter[]));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per malformed link
  }, [malformedKey]);
  const [searchParams] = useSearchParams();
  const folder = folderOfRoute(useParams().typeNumber);
  const menu = useProvidedMenuItems();
  // The folder's name as the menu has it now (renamed since the link was made), else as the link carried it.
  const folderName = useFolderName(config, folder);
  const title = listTitle(
    config,
    (menu && config.folder && folderTitle(menu, config.route, folder)) ||
      folderName ||
      (folder > 0 ? searchParams.get('title') : null),
  );
  const query = {
    pageType: config.pageType,
    page: state.page,
    count: state.pageSize,
    phrase: state.phrase,
    messageType: config.messageType,
    typeNumber: config.folder ? folder : undefined,
    projectId: config.projectFilter ? state.projectId : undefined,
    toCustomerId: config.customerFilters.includes('toCustomerId') ? state.toCustomerId : undefined,
    fromCustomerId: config.customerFilters.includes('fromCustomerId') ? state.fromCustomerId : undefined,
  };
  // A folder list without its folder («پوشه‌های دیگر…»): the picker asks for one; nothing loads.
  const noFolder = Boolean(config.folder) && !(folder > 0);
  const noFoldersYet = useNoFoldersYet(config, noFolder);
  const letters = useLetterPage(noFolder ? null : query);
  useRefreshOnNotification(letters.reload);
  const remove = useLetterDelete(config, folder, letters.reload);
  const newLetters = useNewLetterLinks();
  const list = useRef<HTMLDivElement>(null);
  const keepReturnPoint = useReturnToRow(!letters.loading && !noFolder, list);
  // The pager sits under the rows: a new page (or page size) starts at the list's top, not
  // at the bottom of the new rows.
  const toListTop = () => {
    if (list.current && list.current.getBoundingClientRect().top < 0)
      list.current.scrollIntoView?.({ block: 'start' });
  };

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        {/* A folder's name may be one long word (or a deep path): it wraps, never widens the page. */}
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {newLetters.length > 0 && (
          <MenuButton label="نامه جدید" icon={<EditNoteOutlined />} links={newLetters} variant="contained" />
        )}
      </Box>
      {/* scrollMarginTop: the fixed top bar's height, so a scroll to the list shows its top. */}
      <Card ref={list} onClickCapture={keepReturnPoint} sx={{ scrollMarginTop: (theme) => theme.spacing(8) }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, p: 2 }}>
          {config.folder && <FolderChooser config={config} folder={folder} />}
          <SearchBox phrase={state.phrase} onSearch={setPhrase} />
          {config.customerFilters.map((filter) => (
            <LookupPicker
              key={filter}
              id={`filter-${filter}`}
              resource="customer"
              label={CUSTOMER_FILTER_LABELS[filter]}
              value={state[filter]}
              onChange={(id) => setCustomer(filter, id)}
              onGone={() => customerGone(filter)}
              sx={{ flex: '1 1 220px', maxWidth: 320 }}
            />
          ))}
          {config.projectFilter && state.projectId && (
            <Chip
              label={`نامه‌های پروژه ${toPersianDigits(state.projectId)}`}
              onDelete={clearProject}
              color="primary"
              variant="outlined"
            />
          )}
        </Box>
        <LetterTable
          rows={letters.records}
          loading={letters.loading}
          pageType={config.pageType}
          showRecipients={config.showRecipients}
          onDelete={remove.ask}
          emptyText={noFolder ? <AskForFolder config={config} noneYet={noFoldersYet} /> : letters.problem}
          onRetry={letters.failed ? letters.reload : undefined}
        />
        {/* A list that could not be loaded, or is loading for the first time, has no total
            to tell (not «مجموع: ۰»). */}
        {letters.counted && !noFolder && (
          <Pager
            page={state.page}
            perPage={state.pageSize}
            total={letters.totalCount}
            capped={letters.countCapped}
            setPage={(page) => {
              setPage(page);
              toListTop();
            }}
            setPerPage={(size) => {
              setPageSize(size);
              toListTop();
            }}
            loading={letters.loading}
            correctPage={correctPage}
          />
        )}
      </Card>
      <ConfirmDialog
        open={remove.target !== null}
        busy={remove.busy}
        detail={remove.target ? removeDetail(config, remove.target) : undefined}
        onCancel={remove.cancel}
        onConfirm={remove.confirm}
      />
    </Box>
  );
}

const NO_FOLDER_YET = 'پوشه‌ای را از فهرست «پوشه» انتخاب کنید تا نامه‌هایش نمایش داده شود';

/** A folder list without its folder asks for one; a user with no folder of its kind yet is
 *  told instead where they are made, as the letter's dialogs say: a folder to choose would
 *  never come (a new organisation, probe helper-93). */
function AskForFolder({ config, noneYet }: { config: LetterListConfig; noneYet: boolean }) {
  if (!noneYet) return NO_FOLDER_YET;
  const archive = folderResource(config) === 'archive';
  return (
    <>
      {archive ? 'پوشه بایگانی‌ای' : 'پوشه دلخواهی'} نیست؛ پوشه‌ها در{' '}
      <SettingsPlace list={archive ? 'Archive' : 'Favorite'} /> ساخته می‌شوند و نامه‌ها از صفحه هر نامه در
      آن‌ها گذاشته می‌شوند
      <AskAdminUnlessOpen list={archive ? 'Archive' : 'Favorite'} />
    </>
  );
}

/** What the row's delete will do: out of this folder (for this user), or the letter gone. */
const removeDetail = (config: LetterListConfig, row: LetterRow) =>
  config.folder
    ? `نامه «${row.subject}» از این پوشه خارج می‌شود؛ خود نامه و جاهای دیگرش می‌مانند.`
    : `نامه «${row.subject}» حذف می‌شود.`;

/** The route's folder id; 0 when it is none (`/archivemessage/0`, `abc`, 2^31): the page then
 *  asks for a folder, as «پوشه‌های دیگر…» does, instead of showing the server's refusal. */
function folderOfRoute(typeNumber: string | undefined): number {
  const folder = Number(typeNumber);
  return recordId('').safeParse(folder).success ? folder : 0;
}

/** The route's title; a folder's list adds the folder's name. */
function listTitle(config: LetterListConfig, folderTitle: string | null): string {
  const title = routeByName(config.route)?.title ?? '';
  return config.folder && folderTitle ? `${title}: ${folderTitle}` : title;
}

/** The search box: the URL follows what is typed after a short pause. */
function SearchBox({ phrase, onSearch }: { phrase: string; onSearch: (phrase: string) => void }) {
  const [text, setText] = useState(phrase);
  // The URL changed from elsewhere (back, a link): show its phrase.
  const [shown, setShown] = useState(phrase);
  if (shown !== phrase) {
    setShown(phrase);
    if (text.trim() !== phrase) setText(phrase);
  }
  useEffect(() => {
    if (text.trim() === phrase) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // onSearch changes with every render; the typed text decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, phrase]);
  return (
    <TextField
      size="small"
      label="جستجو"
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ minWidth: 240, flexGrow: 1, maxWidth: 420 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { 'aria-label': 'جستجو در نامه‌ها' },
      }}
    />
  );
}

/** Deleting a row behind «آیا اطمینان دارید ؟»; the server's refusal shows in red. The list
 *  reloads after either answer: a refusal means the row has changed (a recipient read the
 *  letter since), and the stale row would keep offering the delete (probe helper-84). */
function useLetterDelete(config: LetterListConfig, folder: number, reload: () => void) {
  const notice = useNotice();
  const [target, setTarget] = useState<LetterRow | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    try {
      notice.fromAnswer(
        await (isFolderPage(config.pageType)
          ? takeOutOfFolder(target.messageId, config.pageType, folder || 0)
          : deleteLetter(target.messageId, config.pageType)),
      );
      reload();
    } catch (error) {
      notice.error(error instanceof Error ? error.message : '');
    } finally {
      setBusy(false);
      setTarget(null);
    }
  };
  return { target, busy, ask: setTarget, cancel: () => setTarget(null), confirm };
}
