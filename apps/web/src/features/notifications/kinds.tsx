import Box from '@mui/material/Box';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import SavedSearchIcon from '@mui/icons-material/SavedSearch';
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import type { NotificationKind } from '@/lib/api/notifications';

type SvgIconComponent = typeof ChatBubbleOutlineIcon;

/** How each kind of notification looks (libs/domain NOTIFICATION_KINDS) and what it is about, for Settings. */
export const KIND_DISPLAY: Record<NotificationKind, { Icon: SvgIconComponent; color: string; name: string; description: string }> = {
  message: {
    Icon: ChatBubbleOutlineIcon,
    color: 'primary.main',
    name: 'Message',
    description: 'When a member writes to you about a listing.',
  },
  review: {
    Icon: RateReviewOutlinedIcon,
    color: 'warning.dark',
    name: 'Review',
    description: 'When someone reviews one of your listings.',
  },
  listing_verified: {
    Icon: VerifiedOutlinedIcon,
    color: 'success.main',
    name: 'Listing verified',
    description: 'When our team has checked the ownership documents of a listing of yours.',
  },
  saved_search: {
    Icon: SavedSearchIcon,
    color: 'info.dark',
    name: 'Saved search',
    description: 'When new listings match a search you saved.',
  },
  security: {
    Icon: ShieldOutlinedIcon,
    color: 'error.main',
    name: 'Security',
    description:
      'When your password, sign-in methods, role or account standing change. E-mail is on by default for these, so you hear of a change you did not make even when you are not in the app.',
  },
  billing: {
    Icon: ReceiptLongOutlinedIcon,
    color: 'secondary.main',
    name: 'Billing',
    description: 'When a payment goes through or fails, a refund, and when your plan ends or is suspended. E-mail is on by default, so you keep your receipts.',
  },
  exports: {
    Icon: FileDownloadOutlinedIcon,
    color: 'text.secondary',
    name: 'Exports and imports',
    description: 'When a table export you asked for is ready to download (for a day), or a listing import has finished, with its report.',
  },
  verification: {
    Icon: BadgeOutlinedIcon,
    color: 'success.dark',
    name: 'Verification',
    description:
      'When our reviewers decide on your identity verification or PRC licence (and what to fix), when it expires, and when a salesperson names you as their supervising broker. E-mail is on by default.',
  },
  team: {
    Icon: GroupsOutlinedIcon,
    color: 'info.main',
    name: 'Team',
    description: 'When someone joins your enterprise team, credits are added to its pool, or the team changes or ends your membership.',
  },
  aria: {
    Icon: AutoAwesomeOutlinedIcon,
    color: 'primary.main',
    name: 'ARIA',
    description: 'When a feasibility run or a comparison you asked ARIA for is ready (with its PDF), or could not be finished (its credits are refunded).',
  },
};

/** The display of a kind; an unknown one (a newer API) looks like a message. */
export function kindDisplay(kind: string) {
  return KIND_DISPLAY[kind as NotificationKind] ?? KIND_DISPLAY.message;
}

/** The kind's icon in a round tint of its colour. */
export function KindIcon({ kind, size = 40 }: { kind: string; size?: number }) {
  const { Icon, color } = kindDisplay(kind);
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        width: size,
        height: size,
        borderRadius: '50%',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        color,
        bgcolor: 'action.hover',
        flexShrink: 0,
      }}
    >
      <Icon sx={{ fontSize: size * 0.55 }} />
    </Box>
  );
}
