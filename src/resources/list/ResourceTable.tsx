// The table of a resource: «ردیف» ((page-1)*size + position, Persian digits), one column per
// listed field, and the row's icons (download, edit/delete). A failed load shows an empty table.
import { stickyEndColumnSx } from '../../ui/stickyEndColumn';
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

// Text cells keep to a width (FieldCell's CellText) and headings wrap between words, so a
// desktop's table fits its card, nothing under the sticky «عملیات»; one that cannot (a
// phone's) scrolls sideways within its card.
const tableSx = {
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  '& .MuiTableCell-head': { fontWeight: 700 },
  '& .MuiTableCell-root': { paddingInline: 1 },
};

/** Its row icons stay in reach while a wide table scrolls on a phone. */
const withActionsSx = { ...tableSx, ...stickyEndColumnSx };

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
