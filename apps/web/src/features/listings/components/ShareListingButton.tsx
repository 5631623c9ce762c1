import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import IosShareIcon from '@mui/icons-material/IosShare';
import LinkIcon from '@mui/icons-material/Link';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import { useCreateActivityMutation } from '@/lib/api/generated';
import { selectIsLoggedIn, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { canWebShare, copyText, isShareCancel, listingShareData, type ShareChannel } from '../share';

/**
 * "Share": copy the listing's link, or hand it to the device's share sheet (the Web Share API, where
 * the browser has it). A member's share goes to their recent activity (POST /activity/create).
 */
export function ShareListingButton({ listing }: { listing: { _id: string; name: string } }) {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [recordShare] = useCreateActivityMutation();
  const data = listingShareData(listing, window.location.origin);
  const webShare = canWebShare(typeof navigator === 'undefined' ? undefined : navigator, data);

  const record = (channel: ShareChannel) => {
    if (!loggedIn) return;
    // the share happened whatever the answer: a failed record is not the member's problem
    recordShare({ createActivityDto: { kind: 'shared', listingId: listing._id, channel } })
      .unwrap()
      .catch(() => undefined);
  };

  const copy = async () => {
    setAnchor(null);
    if (await copyText(data.url!)) {
      dispatch(toast.success('Link copied', data.url));
      record('copy_link');
    } else {
      dispatch(toast.error('Could not copy the link', `Copy it from here: ${data.url}`));
    }
  };

  const share = async () => {
    setAnchor(null);
    try {
      await navigator.share(data);
      record('other');
    } catch (error) {
      if (!isShareCancel(error)) dispatch(toast.error('Could not share the listing', 'Copy its link instead.'));
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ShareOutlinedIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'share-menu' : undefined}
      >
        Share
      </Button>
      <Menu id="share-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={copy}>
          <ListItemIcon>
            <LinkIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Copy link</ListItemText>
        </MenuItem>
        {webShare && (
          <MenuItem onClick={share}>
            <ListItemIcon>
              <IosShareIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Share with an app…</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
