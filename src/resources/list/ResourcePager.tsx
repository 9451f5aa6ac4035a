// Under the table: the list total («مجموع: ۲۵») always; the page numbers and the page size
// (10 / 20 / 50) only when there is more than one page. Persian digits throughout. A total
// the server stopped counting at (countCapped, a list of more than a thousand rows past the
// page) reads «بیش از ۱٬۰۰۰», and one more page is offered after the counted ones.
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect } from 'react';
import { useListContext } from 'react-admin';
import { groupDigits, toPersianDigits } from '../../shared/persian-digits';

export const PAGE_SIZES = [10, 20, 50];

const MOVE_LABELS: Record<string, string> = {
  next: 'صفحه بعد',
  previous: 'صفحه قبل',
  first: 'صفحه اول',
  last: 'صفحه آخر',
};

/** The buttons' names (MUI's are English): «برو به صفحه ۳», «صفحه ۳» for the current one. */
export const pageLabel = (type: string, page: number | null, selected = false) =>
  type === 'page' ? `${selected ? '' : 'برو به '}صفحه ${toPersianDigits(page)}` : (MOVE_LABELS[type] ?? '');

/** The pager's own name (MUI's is «pagination navigation»). */
export const PAGER_LABEL = 'صفحه‌بندی';

export interface PagerProps {
  page: number;
  perPage: number;
  /** The rows counted (0 after a failed load). */
  total: number;
  /** The count stopped at `total`; there are more. */
  capped: boolean;
  setPage: (page: number) => void;
  /** Absent: a fixed page size, no size choice (the related-letter picker's 10). */
  setPerPage?: (perPage: number) => void;
  /** A page is on its way: the total shown is the last page's, not to be judged by. */
  loading?: boolean;
  /** Puts the last page in place of one past the end without a step of its own in the
   *  browser's history (a list in the URL); by default setPage. */
  correctPage?: (page: number) => void;
}

/** The pager of a react-admin list (ListContext). */
export function ResourcePager() {
  const { page, perPage, total, setPage, setPerPage, error, meta, isFetching } = useListContext();
  return (
    <Pager
      page={page}
      perPage={perPage}
      total={error ? 0 : (total ?? 0)}
      capped={!error && meta?.countCapped === true}
      setPage={setPage}
      setPerPage={setPerPage}
      loading={isFetching}
    />
  );
}

/** The same pager for a list that keeps its own paging (the letter lists). */
export function Pager(props: PagerProps) {
  const { page, perPage, total: count, capped, setPage, setPerPage, loading = false } = props;
  const correctPage = props.correctPage ?? setPage;
  const narrowTouch = useMediaQuery('(pointer: coarse) and (max-width: 599.95px)');
  const pages = Math.ceil(count / perPage) + (capped ? 1 : 0);
  // A page past the end (a typed URL, the last row of the last page deleted): the last page —
  // judged by this page's own total, never by the last one's while it loads (Back to page 3
  // of a longer list was put on page 1).
  useEffect(() => {
    if (!loading && count > 0 && !capped && page > pages) correctPage(pages);
  }, [loading, count, capped, page, pages, correctPage]);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, px: 2, py: 1.5 }}>
      {/* A status: a search's new total is read out (a screen reader hears the list changed). */}
      <Typography variant="body2" color="text.secondary" role="status" sx={{ flexGrow: 1 }}>
        مجموع: {capped ? `بیش از ${groupDigits(count)}` : groupDigits(count)}
      </Typography>
      {/* The size is offered whenever there is more than the smallest page: choosing 50
          must leave the way back to 10 or 20 (spec 1 §9) — and choosing 10 the way back
          to 20 or 50 when a search's count stops at the page (capped). */}
      {setPerPage && (count > PAGE_SIZES[0] || capped) && (
        <TextField
          select
          size="small"
          variant="standard"
          label="تعداد در صفحه"
          value={perPage}
          onChange={(event) => setPerPage(Number(event.target.value))}
          fullWidth={false}
          sx={{ minWidth: 96 }}
        >
          {PAGE_SIZES.map((size) => (
            <MenuItem key={size} value={size}>
              {toPersianDigits(size)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {pages > 1 && (
        <Pagination
          // A finger's page numbers are 44 px wide: on a narrow screen one number either side
          // of the current one is dropped and the numbers touch, so the row fits one line.
          siblingCount={narrowTouch ? 0 : 1}
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_, next) => setPage(next)}
          aria-label={PAGER_LABEL}
          color="primary"
          shape="rounded"
          getItemAriaLabel={pageLabel}
          renderItem={(item) => (
            <PaginationItem
              {...item}
              page={item.page === null ? null : toPersianDigits(item.page)}
              sx={narrowTouch ? { mx: 0 } : undefined}
            />
          )}
        />
      )}
    </Box>
  );
}
