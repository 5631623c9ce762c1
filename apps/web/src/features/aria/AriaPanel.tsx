import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import CloseIcon from '@mui/icons-material/Close';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import { AriaChat } from './AriaChat';
import type { AriaLaunch } from './launch';

export interface AriaPanelProps {
  open: boolean;
  onClose: () => void;
  launch: AriaLaunch | null;
}

/** ARIA beside the page: a drawer on the right (the whole screen on a phone) that keeps its conversation while closed. */
export default function AriaPanel({ open, onClose, launch }: AriaPanelProps) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [chatKey, setChatKey] = useState(0);
  const { pathname } = useLocation();
  const lastPath = useRef(pathname);

  // on a phone the panel covers the page: following a link in it (a listing card) shows the page
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (open && phone) onClose();
  }, [pathname, open, phone, onClose]);

  const newChat = () => {
    setConversationId(null);
    setChatKey((k) => k + 1);
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      keepMounted
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 }, maxWidth: '100%' }, 'aria-labelledby': 'aria-panel-title' } as object }}
      data-testid="aria-panel"
    >
      <Stack sx={{ height: '100%' }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <SmartToyOutlinedIcon color="primary" />
          <Typography id="aria-panel-title" variant="h6" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
            ARIA
          </Typography>
          <IconButton aria-label="New chat" onClick={newChat} size="small">
            <AddCommentOutlinedIcon fontSize="small" />
          </IconButton>
          <Button component={RouterLink} to={conversationId ? `/aria/${conversationId}` : '/aria'} size="small" startIcon={<OpenInFullIcon fontSize="small" />} onClick={onClose}>
            Full page
          </Button>
          <IconButton aria-label="Close ARIA" onClick={onClose} size="small">
            <CloseIcon />
          </IconButton>
        </Stack>
        <Box sx={{ flex: 1, minHeight: 0 }}>
          <AriaChat
            key={chatKey}
            conversationId={conversationId}
            onConversation={(id) => setConversationId(id)}
            question={launch?.question}
            questionSeq={launch?.question ? launch.seq : undefined}
          />
        </Box>
      </Stack>
    </Drawer>
  );
}
