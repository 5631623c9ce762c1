import { useState } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import CalculateOutlinedIcon from '@mui/icons-material/CalculateOutlined';
import QueryStatsOutlinedIcon from '@mui/icons-material/QueryStatsOutlined';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembership';
import CloudDownloadOutlinedIcon from '@mui/icons-material/CloudDownloadOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import CurrencyExchangeIcon from '@mui/icons-material/PriceChangeOutlined';
import HomeWorkOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import ManageHistoryOutlinedIcon from '@mui/icons-material/ManageHistoryOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import ReceiptLongOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import TollOutlinedIcon from '@mui/icons-material/SavingsOutlined';
import { errorMessage } from '@/lib/api/errors';
import { isAdmin, isSuperAdmin } from '@/lib/api/types';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { useJobDashboardSessionMutation } from './console-api';

const NAV_WIDTH = 232;
/** A nav entry: a full-width text button, left-aligned, in the text colour (the current one highlighted). */
const NAV_BUTTON = {
  justifyContent: 'flex-start',
  color: 'text.primary',
  fontWeight: 500,
  textTransform: 'none',
  px: 1.5,
  py: 0.75,
  '& .MuiButton-startIcon': { mr: 1.5, color: 'text.secondary' },
  '&[aria-current="page"] .MuiButton-startIcon': { color: 'primary.main' },
  '& .MuiButton-endIcon': { ml: 'auto' },
} as const;

interface NavEntry {
  to: string;
  label: string;
  Icon: typeof PeopleOutlineIcon;
  end?: boolean;
  adminOnly?: boolean;
}

const NAV: NavEntry[] = [
  { to: '/admin', label: 'Overview', Icon: AssessmentOutlinedIcon, end: true },
  { to: '/admin/users', label: 'Users', Icon: PeopleOutlineIcon },
  { to: '/admin/listings', label: 'Listings', Icon: HomeWorkOutlinedIcon },
  { to: '/admin/audit', label: 'Audit log', Icon: ReceiptLongOutlinedIcon },
  {
    to: '/admin/subscriptions',
    label: 'Subscriptions',
    Icon: CardMembershipOutlinedIcon,
  },
  { to: '/admin/credits', label: 'Credits', Icon: TollOutlinedIcon },
  // viewers do not see identity documents (sensitive personal information; the API answers them 403)
  { to: '/admin/kyc', label: 'Identity checks', Icon: BadgeOutlinedIcon, adminOnly: true },
  { to: '/admin/licences', label: 'PRC licences', Icon: WorkspacePremiumOutlinedIcon },
  { to: '/admin/enterprises', label: 'Enterprises', Icon: GroupsOutlinedIcon },
  // every staff role reads members' ARIA history for support (each opening audited)
  { to: '/admin/aria', label: 'ARIA history', Icon: AutoAwesomeOutlinedIcon },
  { to: '/admin/market/developments', label: 'Development projects', Icon: ConstructionOutlinedIcon },
  { to: '/admin/market/assumptions', label: 'Cost assumptions', Icon: CalculateOutlinedIcon },
  { to: '/admin/market/datasets', label: 'Statistics loaded', Icon: QueryStatsOutlinedIcon },
  {
    to: '/admin/currency-rates',
    label: 'Currency rates',
    Icon: CurrencyExchangeIcon,
    adminOnly: true,
  },
  { to: '/admin/imports', label: 'Imports', Icon: CloudUploadOutlinedIcon },
  { to: '/admin/exports', label: 'Exports', Icon: CloudDownloadOutlinedIcon },
];

/** Opens bull-board in a new tab after POST /admin/queues/session set its cookie (super admins). */
function JobDashboardLink({ onDone }: { onDone: () => void }) {
  const dispatch = useAppDispatch();
  const [start, { isLoading }] = useJobDashboardSessionMutation();
  const open = async () => {
    // the tab opens in the click (a popup blocker allows that), then goes to the dashboard once the cookie is set
    const tab = window.open('', '_blank');
    const result = await start();
    if ('error' in result) {
      tab?.close();
      dispatch(toast.error(`Could not open the job dashboard: ${errorMessage(result.error)}`));
      return;
    }
    if (tab) tab.location.href = '/api/admin/queues';
    else window.location.assign('/api/admin/queues');
    onDone();
  };
  return (
    <Button
      onClick={() => void open()}
      disabled={isLoading}
      startIcon={<ManageHistoryOutlinedIcon />}
      endIcon={<OpenInNewIcon fontSize="small" />}
      sx={NAV_BUTTON}
    >
      Job dashboard
    </Button>
  );
}

/** Whether a nav entry is the current page's (the longest match wins: /admin is Overview only). */
function isCurrent(entry: NavEntry, pathname: string): boolean {
  return entry.end ? pathname === entry.to || pathname === `${entry.to}/` : pathname === entry.to || pathname.startsWith(`${entry.to}/`);
}

function Nav({ onNavigate }: { onNavigate: () => void }) {
  const me = useAppSelector(selectCurrentUser);
  const { pathname } = useLocation();
  return (
    <Stack component="nav" aria-label="Admin console" spacing={0.25} sx={{ p: 1 }}>
      <Typography variant="overline" color="text.secondary" sx={{ px: 1.5, fontWeight: 700 }}>
        Admin console
      </Typography>
      {NAV.filter((e) => !e.adminOnly || isAdmin(me)).map((entry) => {
        const { to, label, Icon } = entry;
        const current = isCurrent(entry, pathname);
        return (
          <Button
            key={to}
            component={RouterLink}
            to={to}
            aria-current={current ? 'page' : undefined}
            onClick={onNavigate}
            startIcon={<Icon />}
            sx={{ ...NAV_BUTTON, ...(current && { bgcolor: 'action.selected', color: 'primary.main', fontWeight: 700 }) }}
          >
            {label}
          </Button>
        );
      })}
      {isSuperAdmin(me) && <JobDashboardLink onDone={onNavigate} />}
    </Stack>
  );
}

/**
 * /admin/*: the console's side navigation beside the page (a drawer behind a Menu button on a phone).
 * Staff only (RequireStaff in app/router.tsx); a viewer sees the same pages without their actions.
 */
export function AdminLayout() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const current = NAV.find((e) => isCurrent(e, location.pathname));
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', minWidth: 0 }}>
      <Box
        sx={{
          display: { xs: 'none', md: 'block' },
          width: NAV_WIDTH,
          flexShrink: 0,
          position: 'sticky',
          top: 64,
          borderRight: 1,
          borderColor: 'divider',
          minHeight: 'calc(100vh - 64px)',
        }}
      >
        <Nav onNavigate={() => undefined} />
      </Box>
      <Drawer open={open} onClose={() => setOpen(false)} sx={{ display: { md: 'none' } }} slotProps={{ paper: { sx: { width: NAV_WIDTH + 24 } } }}>
        <Nav onNavigate={() => setOpen(false)} />
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box
          sx={{
            display: { xs: 'flex', md: 'none' },
            alignItems: 'center',
            gap: 1,
            px: 2,
            pt: 1.5,
          }}
        >
          <Button startIcon={<MenuIcon />} onClick={() => setOpen(true)} aria-label="Open the admin menu" variant="outlined" size="small">
            Menu
          </Button>
          <Typography variant="body2" color="text.secondary" noWrap>
            Admin console{current ? ` · ${current.label}` : ''}
          </Typography>
        </Box>
        <Outlet />
      </Box>
    </Box>
  );
}
