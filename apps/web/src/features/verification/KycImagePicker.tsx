import { useEffect, useMemo, useRef, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined';
import { KYC_ACCEPT, KYC_MAX_FILE_MB } from './kyc-rules';

export interface KycImagePickerProps {
  /** Form field name (front, back, selfie): the input's test id is `kyc-${name}-input`. */
  name: string;
  label: string;
  hint: string;
  file: File | null;
  /** The server already has this photo (a resubmission may keep it). */
  kept?: boolean;
  error?: string | null;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}

/** One ID photo: a button to choose it, a preview of the choice, and what is wrong with it. */
export function KycImagePicker({ name, label, hint, file, kept = false, error, disabled, onChange }: KycImagePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (chosen) onChange(chosen);
  };

  const id = `kyc-${name}`;
  return (
    <Stack
      spacing={1}
      role="group"
      aria-labelledby={`${id}-label`}
      sx={{
        p: 1.5,
        border: 1,
        borderRadius: 1,
        borderColor: error ? 'error.main' : 'divider',
        height: '100%',
      }}
    >
      <Typography id={`${id}-label`} variant="subtitle2" sx={{ fontWeight: 700 }}>
        {label}
      </Typography>
      <Box
        sx={{
          aspectRatio: { xs: '16 / 9', sm: '4 / 3' },
          bgcolor: 'action.hover',
          borderRadius: 1,
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: 'text.secondary',
        }}
      >
        {preview ? (
          <Box component="img" src={preview} alt={`${label}: preview`} sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />
        ) : (
          <Typography variant="caption" sx={{ px: 1, textAlign: 'center' }}>
            {kept ? 'The photo you sent before is kept unless you choose another.' : hint}
          </Typography>
        )}
      </Box>
      {file && (
        <Typography variant="caption" color="text.secondary" noWrap title={file.name}>
          {file.name}
        </Typography>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<AddAPhotoOutlinedIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={disabled}
        >
          {file ? 'Change' : 'Choose photo'}
        </Button>
        {file && (
          <Button size="small" onClick={() => onChange(null)} disabled={disabled}>
            Remove
          </Button>
        )}
      </Stack>
      <input
        ref={inputRef}
        type="file"
        accept={KYC_ACCEPT}
        hidden
        aria-label={label}
        data-testid={`${id}-input`}
        onChange={onFile}
      />
      <Typography variant="caption" color={error ? 'error' : 'text.secondary'} role={error ? 'alert' : undefined}>
        {error ?? `JPEG, PNG or WebP, up to ${KYC_MAX_FILE_MB} MB.`}
      </Typography>
    </Stack>
  );
}
