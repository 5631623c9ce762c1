import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import DashboardIcon from '@mui/icons-material/Dashboard';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import ReceiptOutlinedIcon from '@mui/icons-material/ReceiptOutlined';
import SettingsIcon from '@mui/icons-material/Settings';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import TollOutlinedIcon from '@mui/icons-material/TollOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { AriaLauncher } from '@/features/aria/AriaLauncher';
import { UnreadMessagesBadge } from '@/features/messages/shell';
import { NotificationBell } from '@/features/notifications/components/NotificationBell';
// the API of the pages (the unread badge's endpoint and its cache tags): this header loads before any page may have
import '@/lib/api/endpoints';
import { useTeamMyAccountQuery } from '@/features/team/team-api';
import { isAdmin, isStaff, type User } from '@/lib/api/types';
import { formatCredits } from '@/lib/billing-text';
import { useAppDispatch } from '@/lib/state/hooks';
import { logout } from '@/lib/state/session';
import { FindPropertyLink } from './FindPropertyLink';
import { fullName, initials } from './user-names';

/*
 * The header of a signed-in member (its links, the unread badge, the notification bell, the account menu), loaded apart
 * from the app shell: a visitor's first page does not download the menu, popover, badge and tooltip.
 */

/** The account menu's pages, in order. */
const ACCOUNT_MENU = [
  { to: '/dashboard', label: 'Dashboard', Icon: DashboardIcon },
  { to: '/my/listings', label: 'My listings', Icon: HomeWorkOutlinedIcon },
  { to: '/saved', label: 'Saved', Icon: BookmarkBorderIcon },
  { to: '/messages', label: 'Messages', Icon: ChatBubbleOutlineIcon },
  { to: '/notifications', label: 'Notifications', Icon: NotificationsNoneIcon },
  { to: '/listings/new', label: 'Add listing', Icon: AddIcon },
  { to: '/market', label: 'Market reports', Icon: InsightsOutlinedIcon },
  { to: '/aria', label: 'ARIA assistant', Icon: SmartToyOutlinedIcon },
  { to: '/plans', label: 'Plans', Icon: WorkspacePremiumOutlinedIcon },
  { to: '/billing', label: 'Billing', Icon: ReceiptOutlinedIcon },
  { to: '/credits', label: 'AI credits', Icon: AutoAwesomeOutlinedIcon },
  { to: '/verification', label: 'Verification', Icon: VerifiedUserOutlinedIcon },
  { to: '/settings', label: 'Account settings', Icon: SettingsIcon },
] as const;

/** The staff tables (viewers read them; admins and super admins act on them). */
const STAFF_MENU = [
  { to: '/admin', label: 'Admin console', Icon: AdminPanelSettingsOutlinedIcon },
  { to: '/admin/subscriptions', label: 'Subscriptions', Icon: CardMembershipOutlinedIcon },
  { to: '/admin/credits', label: 'Member credits', Icon: TollOutlinedIcon },
] as const;

/**
 * "Team" for members of a team and members with the Enterprise plan (who can create one). Rendered
 * inside the open menu only, so the team is asked for when the menu opens, not on every page.
 */
function TeamMenuItem({ user, onClick }: { user: User; onClick: () => void }) {
  const enterprisePlan = user.subscription?.plan === 'enterprise';
  const { data } = useTeamMyAccountQuery(undefined, { skip: enterprisePlan });
  if (!enterprisePlan && !data?.enterprise) return null;
  return (
    <MenuItem component={RouterLink} to="/team" onClick={onClick}>
      <ListItemIcon>
        <GroupsOutlinedIcon fontSize="small" />
      </ListItemIcon>
      Team
    </MenuItem>
  );
}

function UserMenu({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  const handleLogout = async () => {
    close();
    await dispatch(logout());
    navigate('/login', { replace: true });
  };

  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label="Account menu"
        aria-controls={anchor ? 'account-menu' : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        size="small"
      >
        <Avatar src={user.avatar ?? undefined} alt={fullName(user)} sx={{ width: 36, height: 36 }}>
          {initials(user)}
        </Avatar>
      </IconButton>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2">{fullName(user)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
        </Box>
        <Divider />
        {ACCOUNT_MENU.map(({ to, label, Icon }) => (
          <MenuItem key={to} component={RouterLink} to={to} onClick={close}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {label}
          </MenuItem>
        ))}
        <TeamMenuItem user={user} onClick={close} />
        {isStaff(user) && <Divider />}
        {isStaff(user) &&
          STAFF_MENU.map(({ to, label, Icon }) => (
            <MenuItem key={to} component={RouterLink} to={to} onClick={close}>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              {label}
            </MenuItem>
          ))}
        {isAdmin(user) && (
          <MenuItem component={RouterLink} to="/admin/currency-rates" onClick={close}>
            <ListItemIcon>
              <CurrencyExchangeIcon fontSize="small" />
            </ListItemIcon>
            Currency rates
          </MenuItem>
        )}
        <Divider />
        <MenuItem onClick={handleLogout}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Log out
        </MenuItem>
      </Menu>
    </>
  );
}

/** The member's AI credits (credits.remaining of the session's user), a link to /credits. */
function CreditsLink({ credits }: { credits: number }) {
  return (
    <Button
      component={RouterLink}
      to="/credits"
      size="small"
      aria-label={`AI credits: ${formatCredits(credits)}`}
      title="AI credits"
      startIcon={<AutoAwesomeOutlinedIcon />}
      data-testid="header-credits"
      sx={{ minWidth: 0, whiteSpace: 'nowrap', px: 1, '& .MuiButton-startIcon': { mr: 0.5 } }}
    >
      {formatCredits(credits)}
    </Button>
  );
}

/** The header's links and account menu for a signed-in member. */
export function MemberNav({ user }: { user: User }) {
  return (
    <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <FindPropertyLink />
      <Button component={RouterLink} to="/dashboard" sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
        Dashboard
      </Button>
      <Button component={RouterLink} to="/my/listings" sx={{ display: { xs: 'none', md: 'inline-flex' }, whiteSpace: 'nowrap' }}>
        My listings
      </Button>
      <Button component={RouterLink} to="/saved" sx={{ display: { xs: 'none', md: 'inline-flex' } }}>
        Saved
      </Button>
      <Button component={RouterLink} to="/market" sx={{ display: { xs: 'none', lg: 'inline-flex' }, whiteSpace: 'nowrap' }}>
        Market reports
      </Button>
      {/* ARIA is also the floating button and a menu item: its header link only where there is room */}
      <Button component={RouterLink} to="/aria" sx={{ display: { xs: 'none', xl: 'inline-flex' } }}>
        ARIA
      </Button>
      <Button
        component={RouterLink}
        to="/listings/new"
        variant="contained"
        startIcon={<AddIcon />}
        sx={{ display: { xs: 'none', sm: 'inline-flex' }, whiteSpace: 'nowrap' }}
      >
        Add listing
      </Button>
      <CreditsLink credits={user.credits?.remaining ?? 0} />
      <UnreadMessagesBadge />
      <NotificationBell />
      {isStaff(user) && (
        <Chip
          component={RouterLink}
          to="/admin"
          clickable
          label="Admin console"
          color="secondary"
          size="small"
          data-testid="admin-badge"
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        />
      )}
      <Typography variant="body2" sx={{ display: { xs: 'none', md: 'block' }, fontWeight: 600 }}>
        {fullName(user)}
      </Typography>
      <UserMenu user={user} />
      <AriaLauncher />
    </Box>
  );
}
