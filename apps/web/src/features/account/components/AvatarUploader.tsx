import { useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useUploadUserAvatarMutation } from '@/lib/api/generated-shell';
import { errorMessage } from '@/lib/api/errors';
import type { AvatarUploadBody, User } from '@/lib/api/types';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { checkAvatarFile } from '../constants';

export function AvatarUploader({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploadAvatar, { isLoading }] = useUploadUserAvatarMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const invalid = checkAvatarFile(file);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    setProblem(null);
    const form = new FormData();
    form.append('image', file);
    try {
      // Multipart upload: the generated mutation sends its body as is, so FormData goes through.
      await uploadAvatar({ body: form as unknown as AvatarUploadBody }).unwrap();
      dispatch(toast.success('Photo updated', 'Your new profile photo is saved.'));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
      <Avatar
        src={user.avatar ?? undefined}
        alt={`${user.firstName} ${user.lastName}`}
        sx={{ width: 80, height: 80, fontSize: 32 }}
        data-testid="settings-avatar"
      >
        {user.firstName?.[0]}
      </Avatar>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button
          variant="outlined"
          startIcon={<PhotoCameraIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={isLoading}
        >
          {isLoading ? 'Uploading…' : 'Change photo'}
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          hidden
          aria-label="Upload profile photo"
          data-testid="avatar-input"
          onChange={onFile}
        />
        <Typography variant="caption" color="text.secondary">
          JPG, PNG, GIF or WebP, up to 2 MB.
        </Typography>
        {problem && (
          <Alert severity="error" onClose={() => setProblem(null)} sx={{ py: 0 }}>
            {problem}
          </Alert>
        )}
      </Stack>
    </Stack>
  );
}
