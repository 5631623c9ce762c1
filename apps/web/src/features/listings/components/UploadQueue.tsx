import { useRef, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { formatBytes, type QueuedFile } from '../form/uploads';

export interface UploadQueueProps {
  title: string;
  hint: string;
  buttonLabel: string;
  accept: string;
  items: QueuedFile[];
  problems: string[];
  disabled?: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  inputTestId: string;
}

/** A file picker with the chosen files, each with its own progress bar and error. */
export function UploadQueue({ title, hint, buttonLabel, accept, items, problems, disabled, onAdd, onRemove, inputTestId }: UploadQueueProps) {
  const input = useRef<HTMLInputElement>(null);
  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length) onAdd(files);
  };
  return (
    <Stack spacing={1} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {hint}
      </Typography>
      <div>
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={disabled}>
          {buttonLabel}
        </Button>
        <input
          ref={input}
          type="file"
          accept={accept}
          multiple
          hidden
          aria-label={buttonLabel}
          data-testid={inputTestId}
          onChange={onFiles}
        />
      </div>
      {problems.map((p) => (
        <Alert key={p} severity="warning" sx={{ py: 0 }}>
          {p}
        </Alert>
      ))}
      {items.length > 0 && (
        <List dense aria-label={`${title}: chosen files`}>
          {items.map((item) => (
            <ListItem
              key={item.id}
              disableGutters
              data-testid="upload-item"
              secondaryAction={
                item.status === 'done' ? (
                  <CheckCircleIcon color="success" aria-label="Uploaded" />
                ) : (
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${item.file.name}`}
                    onClick={() => onRemove(item.id)}
                    disabled={item.status === 'uploading'}
                  >
                    <CloseIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={item.file.name}
                secondary={
                  <Stack spacing={0.5} component="span">
                    <span>
                      {formatBytes(item.file.size)}
                      {item.status === 'uploading' && ` · ${Math.round(item.progress * 100)}%`}
                      {item.status === 'done' && ' · uploaded'}
                    </span>
                    {(item.status === 'uploading' || item.status === 'done') && (
                      <LinearProgress
                        variant="determinate"
                        value={Math.round(item.progress * 100)}
                        aria-label={`${item.file.name} upload progress`}
                      />
                    )}
                    {item.error && (
                      <Typography component="span" variant="caption" color="error" role="alert">
                        {item.error}
                      </Typography>
                    )}
                  </Stack>
                }
                slotProps={{ secondary: { component: 'span' } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
