// An icon per route name, so the collapsed side menu still says something. A group shows
// the icon of its first page (the Correspondence group shows the inbox icon, and so on).
import type { ReactElement } from 'react';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ArticleIcon from '@mui/icons-material/Article';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import FolderIcon from '@mui/icons-material/Folder';
import GroupsIcon from '@mui/icons-material/Groups';
import InboxIcon from '@mui/icons-material/Inbox';
import LinkIcon from '@mui/icons-material/Link';
import MailIcon from '@mui/icons-material/Mail';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import WorkIcon from '@mui/icons-material/Work';
import { isGroup, type MenuRecord } from './menuTree';

const ICONS: Record<string, ReactElement> = {
  Home: <DashboardIcon />,
  MyMessage: <InboxIcon />,
  UnReadMessage: <MailIcon />,
  AllMessage: <MailIcon />,
  Andikator: <SettingsIcon />,
  ProjectsList: <WorkIcon />,
  Tasks: <ViewKanbanIcon />,
  CustomersList: <PeopleIcon />,
  ContractsList: <AssignmentIcon />,
  AccountingList: <ReceiptLongIcon />,
  Banks: <AccountBalanceIcon />,
  OrganizationalUnit: <ApartmentIcon />,
  Company: <BusinessIcon />,
  ContentList: <ArticleIcon />,
  TicketList: <SupportAgentIcon />,
  Links: <LinkIcon />,
  Domains: <BusinessIcon />,
  UserGroups: <GroupsIcon />,
  ArchiveMessage: <FolderIcon />,
  FavoriteMessage: <FolderIcon />,
};

function firstPage(item: MenuRecord): MenuRecord {
  return isGroup(item) ? firstPage(item.children![0]) : item;
}

export function menuIcon(item: MenuRecord): ReactElement {
  return ICONS[firstPage(item).type] ?? <DescriptionIcon />;
}
