// The table of a resource: «ردیف» ((page-1)*size + position, Persian digits), one column per
// listed field, and the row's icons (download, edit/delete). A failed load shows an empty table.
import { DataTable, useListContext, useRecordContext, type RaRecord } from 'react-admin';
import { toPersianDigits } from '../../shared/persian-digits';
import { useResourceScreen } from '../ResourceScreenContext';
import { FieldCell } from './FieldCell';
import { RowActions } from './RowActions';

function RowNumber() {
  const record = useRecordContext();
  const { data, page, perPage } = useListContext();
  const position = (data ?? []).findIndex((row) => row.id === record?.id);
  return <>{toPersianDigits((page - 1) * perPage + position + 1)}</>;
}

const tableSx = {
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  '& .MuiTableCell-head': { fontWeight: 700, whiteSpace: 'nowrap' },
};

/** A table wider than a phone scrolls sideways: its row icons stay at its end edge, in
 *  reach, over the columns that pass under them (logical sides: left in right to left). */
const withActionsSx = {
  ...tableSx,
  '& .MuiTableCell-root:last-of-type': {
    position: 'sticky',
    insetInlineEnd: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    boxShadow: (theme: { palette: { divider: string } }) => `inset 1px 0 0 ${theme.palette.divider}`,
  },
  // Above the other headings, which stick to the top a layer up.
  '& .MuiTableCell-head:last-of-type': { zIndex: 3 },
};

export function ResourceTable() {
  const { resource, can } = useResourceScreen();
  const { error } = useListContext();
  const actions = can.update || can.delete || Boolean(resource.download);
  return (
    <DataTable
      bulkActionButtons={false}
      rowClick={false}
      hiddenColumns={[]}
      data={error ? [] : undefined}
      empty={<EmptyRow />}
      sx={actions ? withActionsSx : tableSx}
    >
      <DataTable.Col label="ردیف" disableSort render={() => <RowNumber />} sx={{ width: 56 }} />
      {resource.listFields().map((name) => (
        <DataTable.Col
          key={name}
          source={name}
          label={resource.fields[name].meta.label}
          disableSort
          render={(record: RaRecord) => <FieldCell resource={resource} name={name} record={record} />}
        />
      ))}
      {actions && (
        <DataTable.Col
          label="عملیات"
          disableSort
          sx={{ width: resource.download ? 136 : 96, whiteSpace: 'nowrap' }}
        >
          <RowActions />
        </DataTable.Col>
      )}
    </DataTable>
  );
}

/** An empty list, or a refused one (its rows emptied above) saying why in the server's
 *  words: a phrase too short to search the whole list must not read as «nothing found». */
function EmptyRow() {
  const { error } = useListContext();
  const why = error instanceof Error && error.message ? error.message : 'موردی یافت نشد';
  return <div style={{ padding: 24, textAlign: 'center', opacity: 0.7 }}>{why}</div>;
}
