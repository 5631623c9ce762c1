import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import MovieOutlinedIcon from '@mui/icons-material/MovieOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import SendIcon from '@mui/icons-material/Send';
import type { AttachmentKind } from '@/lib/api/messaging';
import {
  ATTACHMENT_ACCEPT,
  MAX_ATTACHMENTS,
  attachmentKindOf,
  checkAttachments,
  createPreviewUrl,
  formatBytes,
  revokePreviewUrl,
  validateAttachments,
} from '../attachments';
import type { LocalAttachment } from '../messages-state';

/** The API's limit on a message's text. */
export const MAX_MESSAGE_LENGTH = 5000;

export interface Draft {
  content: string;
  attachments: LocalAttachment[];
}

interface PickedFile {
  id: string;
  file: File;
  kind: AttachmentKind;
  /** Local preview (`blob:` URL). */
  url: string;
}

export interface ComposerProps {
  /** Sends the draft; resolves false when the send failed (the draft comes back then). */
  onSend: (draft: Draft) => Promise<boolean>;
  disabled?: boolean;
}

let pickSeq = 0;

function toLocal(picked: PickedFile): LocalAttachment {
  const { file } = picked;
  return { url: picked.url, filename: file.name, type: picked.kind, contentType: file.type, size: file.size, file };
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line; files (images, videos, PDFs; at most 5
 * of 10 MB each) are checked when picked and again before sending.
 */
export function Composer({ onSend, disabled = false }: ComposerProps) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);
  // Preview URLs this composer still owns (revoked when it unmounts); a sent draft's belong to the send.
  const owned = useRef(new Set<string>());

  useEffect(() => {
    const urls = owned.current;
    return () => {
      for (const url of urls) revokePreviewUrl(url);
      urls.clear();
    };
  }, []);

  const tooLong = text.length > MAX_MESSAGE_LENGTH;
  const canSend = !disabled && !tooLong && (text.trim().length > 0 || files.length > 0);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (picked.length === 0) return;
    const { accepted, problems: refused } = checkAttachments(files.length, picked);
    setProblems(refused);
    if (accepted.length === 0) return;
    const added = accepted.map((file) => {
      const url = createPreviewUrl(file);
      if (url) owned.current.add(url);
      return { id: `pick-${++pickSeq}`, file, kind: attachmentKindOf(file)!, url };
    });
    setFiles((current) => [...current, ...added]);
  };

  const removeFile = (id: string) => {
    const gone = files.find((f) => f.id === id);
    if (gone) {
      revokePreviewUrl(gone.url);
      owned.current.delete(gone.url);
    }
    setFiles((current) => current.filter((f) => f.id !== id));
  };

  const submit = async () => {
    if (!canSend) return;
    const content = text.trim();
    const sending = files;
    const attachments = sending.map(toLocal);
    const invalid = validateAttachments(attachments);
    if (invalid) {
      setProblems([invalid]);
      return;
    }
    setProblems([]);
    setText('');
    setFiles([]);
    for (const f of sending) owned.current.delete(f.url);
    const ok = await onSend({ content, attachments });
    if (!ok) {
      // bring the draft back unless something new was typed meanwhile
      for (const f of sending) if (f.url) owned.current.add(f.url);
      setText((now) => (now ? now : content));
      setFiles((now) => (now.length ? now : sending));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Box component="form" onSubmit={onSubmit} aria-label="Write a message" sx={{ borderTop: 1, borderColor: 'divider', p: { xs: 1, sm: 1.5 } }}>
      {problems.length > 0 && (
        <Alert severity="warning" onClose={() => setProblems([])} sx={{ mb: 1 }} data-testid="attachment-problems">
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      )}
      {files.length > 0 && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 1 }} role="list" aria-label="Files to send">
          {files.map((f) => (
            <Paper
              key={f.id}
              variant="outlined"
              role="listitem"
              data-testid="picked-file"
              sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 0.5, pr: 0.25, py: 0.25, maxWidth: 240 }}
            >
              <Avatar variant="rounded" src={f.kind === 'image' && f.url ? f.url : undefined} alt={f.file.name} sx={{ width: 36, height: 36 }}>
                {f.kind === 'pdf' ? <PictureAsPdfOutlinedIcon fontSize="small" /> : <MovieOutlinedIcon fontSize="small" />}
              </Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" noWrap title={f.file.name}>
                  {f.file.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatBytes(f.file.size)}
                </Typography>
              </Box>
              <IconButton size="small" aria-label={`Remove ${f.file.name}`} onClick={() => removeFile(f.id)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Paper>
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
        <Tooltip title={`Attach images, videos or PDFs (up to ${MAX_ATTACHMENTS})`}>
          <span>
            <IconButton aria-label="Attach files" onClick={() => inputRef.current?.click()} disabled={disabled || files.length >= MAX_ATTACHMENTS}>
              <AttachFileIcon />
            </IconButton>
          </span>
        </Tooltip>
        <input
          ref={inputRef}
          type="file"
          multiple
          hidden
          accept={ATTACHMENT_ACCEPT}
          aria-label="Choose files to attach"
          data-testid="attach-input"
          onChange={onPick}
        />
        <TextField
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Write a message…"
          multiline
          maxRows={6}
          fullWidth
          size="small"
          disabled={disabled}
          error={tooLong}
          helperText={tooLong ? `At most ${MAX_MESSAGE_LENGTH} characters (${text.length} now)` : undefined}
          slotProps={{ htmlInput: { 'aria-label': 'Message' } }}
        />
        <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={!canSend} sx={{ flexShrink: 0 }}>
          Send
        </Button>
      </Stack>
    </Box>
  );
}
