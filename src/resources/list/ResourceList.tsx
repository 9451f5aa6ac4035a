// The generic list page of a resource: its Persian title with the help icon, the search box
// (debounced; a new phrase goes back to page 1), the add button, the table and the pager.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { ListView, SearchInput, TopToolbar } from 'react-admin';
import { useResourceScreen } from '../ResourceScreenContext';
import { HelpButton } from './HelpPanel';
import { ResourcePager } from './ResourcePager';
import { ResourceTable } from './ResourceTable';

const searchFilters = [<SearchInput key="q" source="q" alwaysOn placeholder="جستجو" />];

function ListActions() {
  const { resource, can, openCreate } = useResourceScreen();
  if (!can.create) return null;
  return (
    <TopToolbar>
      <Button variant="contained" startIcon={<AddIcon />} onClick={openCreate}>
        افزودن {resource.singular}
      </Button>
    </TopToolbar>
  );
}

export function ResourceList() {
  const { resource } = useResourceScreen();
  return (
    // A grid track of minmax(0, 1fr): a wide table scrolls in its card, not the whole page.
    <Box sx={{ py: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="h5" component="h1">
          {resource.title}
        </Typography>
        <HelpButton title={resource.title} text={resource.help} />
      </Box>
      <ListView
        title={resource.title}
        filters={searchFilters}
        actions={<ListActions />}
        pagination={<ResourcePager />}
        empty={false}
        // The always-shown search box has no "hide filter" button: react-admin's spacer for
        // one left it 15 px further from one edge than the other on a phone.
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaFilterFormInput-spacer': { display: 'none' } }}
      >
        <ResourceTable />
      </ListView>
    </Box>
  );
}
