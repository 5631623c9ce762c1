import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { ARIA_TITLE_MAX_LENGTH, type AriaHistoryKind } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SearchIcon from '@mui/icons-material/Search';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { FormTextField } from '@/components/ui/FormTextField';
import { errorMessage } from '@/lib/api/errors';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import {
  useAriaHistoryQuery,
  useRemoveAriaConversationMutation,
  useRenameAriaConversationMutation,
  useSearchAriaHistoryQuery,
  type AriaConversationSummary,
} from './aria-api';

const KIND_ICONS: Record<AriaHistoryKind, typeof ChatBubbleOutlineIcon> = {
  chat: ChatBubbleOutlineIcon,
  feasibility: TableChartOutlinedIcon,
  compare: CompareArrowsIcon,
};
const KIND_LABELS: Record<AriaHistoryKind, string> = { chat: 'Chat', feasibility: 'Feasibility run', compare: 'Comparison' };

/** The text typed, settled for `ms`. */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

function RenameDialog({ item, onClose }: { item: AriaConversationSummary; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [rename, { isLoading, error }] = useRenameAriaConversationMutation();
  const { control, handleSubmit } = useForm<{ title: string }>({ defaultValues: { title: item.title } });
  const save = handleSubmit(async ({ title }) => {
    try {
      await rename({ ariaHistoryUpdateDto: { id: item.id, title: title.trim() } }).unwrap();
      dispatch(toast.success('Renamed'));
      onClose();
    } catch {
      // shown in the dialog
    }
  });
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="aria-rename-title" fullWidth maxWidth="xs">
      <form onSubmit={save} noValidate>
        <DialogTitle id="aria-rename-title">Rename</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{errorMessage(error)}</Alert>}
            <FormTextField
              control={control}
              name="title"
              label="Title"
              autoFocus
              rules={{
                validate: (v: string) => (v.trim() ? true : 'Enter a title'),
                maxLength: { value: ARIA_TITLE_MAX_LENGTH, message: `At most ${ARIA_TITLE_MAX_LENGTH} characters` },
              }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export interface HistoryListProps {
  /** The conversation open now. */
  selectedId?: string | null;
  /** A conversation was deleted (the page leaves it when it was the open one). */
  onDeleted?: (id: string) => void;
  /** A conversation was chosen (the phone's history drawer closes). */
  onOpen?: () => void;
}

/** The member's chats, feasibility runs and comparisons, newest first: search, open, rename, delete. */
export function HistoryList({ selectedId, onDeleted, onOpen }: HistoryListProps) {
  const dispatch = useAppDispatch();
  const [text, setText] = useState('');
  const query = useSettled(text.trim());
  const all = useAriaHistoryQuery({ page: 1, limit: 50 }, { skip: !!query });
  // the search is a POST the API serves as a read: a cached query, fetched again when an entry changes
  const found = useSearchAriaHistoryQuery({ ariaHistorySearchDto: { query, page: 1, limit: 50 } }, { skip: !query });
  const { data, error, isLoading } = query ? found : all;
  const [menu, setMenu] = useState<{ anchor: HTMLElement; item: AriaConversationSummary } | null>(null);
  const [renaming, setRenaming] = useState<AriaConversationSummary | null>(null);
  const [deleting, setDeleting] = useState<AriaConversationSummary | null>(null);
  const [remove, { isLoading: removingNow }] = useRemoveAriaConversationMutation();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove({ id: deleting.id }).unwrap();
      dispatch(toast.info('Deleted', deleting.title));
      onDeleted?.(deleting.id);
      setDeleting(null);
    } catch (e) {
      dispatch(toast.error('Could not delete it', errorMessage(e)));
    }
  };

  const items = data?.items ?? [];
  return (
    <Stack spacing={1} sx={{ minHeight: 0 }} component="section" aria-label="ARIA history">
      <TextField
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search history"
        size="small"
        slotProps={{
          htmlInput: { 'aria-label': 'Search history' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {error ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : isLoading ? (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={40} />
        </Stack>
      ) : items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 2 }}>
          {query ? `Nothing matches “${query}”.` : 'No conversations yet.'}
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Conversations" sx={{ overflowY: 'auto' }}>
          {items.map((item) => {
            const Icon = KIND_ICONS[item.kind] ?? ChatBubbleOutlineIcon;
            return (
              <ListItem
                key={item.id}
                disablePadding
                secondaryAction={
                  <IconButton edge="end" size="small" aria-label={`Actions for ${item.title}`} onClick={(e) => setMenu({ anchor: e.currentTarget, item })}>
                    <MoreVertIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemButton component={RouterLink} to={`/aria/${item.id}`} selected={item.id === selectedId} onClick={onOpen} sx={{ borderRadius: 1, pr: 5 }}>
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    <Icon fontSize="small" titleAccess={KIND_LABELS[item.kind]} />
                  </ListItemIcon>
                  <ListItemText
                    primary={item.title || 'Untitled'}
                    secondary={new Date(item.updatedAt).toLocaleDateString('en-PH', { month: 'short', day: 'numeric', year: 'numeric' })}
                    slotProps={{ primary: { noWrap: true } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setRenaming(menu!.item);
            setMenu(null);
          }}
        >
          Rename
        </MenuItem>
        <MenuItem
          onClick={() => {
            setDeleting(menu!.item);
            setMenu(null);
          }}
          sx={{ color: 'error.main' }}
        >
          Delete
        </MenuItem>
      </Menu>
      {renaming && <RenameDialog item={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title={`Delete “${deleting?.title ?? ''}”?`}
        message="Its messages and runs are deleted for good."
        busy={removingNow}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
      <Box />
    </Stack>
  );
}
