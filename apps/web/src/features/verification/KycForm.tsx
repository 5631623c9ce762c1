import { useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { KYC_ID_TYPES, KYC_ID_TYPE_LABELS, todayIn, type KycFileKind, type KycIdType } from '@app/domain';
import { FormTextField } from '@/components/ui/FormTextField';
import { checkKycImage, hasExpiry, needsBack } from './kyc-rules';
import { KycImagePicker } from './KycImagePicker';
import { PrivacyNote } from './PrivacyNote';
import type { KycSubmission } from './types';

export interface KycFormValues {
  idType: KycIdType | '';
  idNumber: string;
  fullName: string;
  birthDate: string;
  idExpiresOn: string;
}

export interface KycSendArgs {
  fields: Record<string, string>;
  files: Partial<Record<KycFileKind, File>>;
  onProgress: (fraction: number) => void;
}

export interface KycFormProps {
  /** The open submission a resubmission updates (its photos may be kept); null for a new one. */
  updating: KycSubmission | null;
  /** Sends the form; resolves with the server's refusal as written, or null when it was accepted. */
  onSend: (args: KycSendArgs) => Promise<string | null>;
  /** Today in the Philippines (YYYY-MM-DD); tests pass a fixed day. */
  today?: string;
}

const PHOTOS: { kind: KycFileKind; label: string; hint: string }[] = [
  { kind: 'front', label: 'Front of the ID', hint: 'The whole front, all four corners, no glare.' },
  { kind: 'back', label: 'Back of the ID', hint: 'The whole back, all four corners.' },
  { kind: 'selfie', label: 'Selfie holding the ID', hint: 'Your face and the ID beside it, both clear.' },
];

const manilaToday = () => todayIn('Asia/Manila');

/** The date 18 years before `today` (YYYY-MM-DD). */
function eighteenYearsBefore(today: string): string {
  const [y, m, d] = today.split('-');
  return `${Number(y) - 18}-${m}-${d}`;
}

function valuesOf(s: KycSubmission | null): KycFormValues {
  return {
    idType: s?.idType ?? '',
    idNumber: '',
    fullName: s?.fullName ?? '',
    birthDate: s?.birthDate?.slice(0, 10) ?? '',
    idExpiresOn: s?.idExpiresOn?.slice(0, 10) ?? '',
  };
}

/** The identity form: ID type and number, name and birth date as on the ID, three photos, submit with progress. */
export function KycForm({ updating, onSend, today = manilaToday() }: KycFormProps) {
  const { control, handleSubmit } = useForm<KycFormValues>({ defaultValues: valuesOf(updating) });
  const idType = useWatch({ control, name: 'idType' });
  const [files, setFiles] = useState<Partial<Record<KycFileKind, File>>>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<KycFileKind, string>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const kept = new Set(updating && !updating.filesPurged ? updating.files.map((f) => f.kind) : []);
  const wanted = PHOTOS.filter((p) => p.kind !== 'back' || needsBack(idType) || idType === '');
  const sending = progress !== null;

  const choose = (kind: KycFileKind, file: File | null) => {
    const problem = file ? checkKycImage(file) : null;
    setFileErrors((e) => ({ ...e, [kind]: problem ?? undefined }));
    setFiles((f) => ({ ...f, [kind]: problem ? undefined : (file ?? undefined) }));
  };

  /** Every photo the ID type needs: chosen now, or kept from the submission being resent. */
  const missingPhotos = (type: KycIdType | '') => {
    const missing: Partial<Record<KycFileKind, string>> = {};
    for (const p of PHOTOS) {
      const required = p.kind !== 'back' || needsBack(type);
      if (required && !files[p.kind] && !kept.has(p.kind) && !fileErrors[p.kind]) missing[p.kind] = `Add the ${p.label[0].toLowerCase()}${p.label.slice(1)}.`;
    }
    return missing;
  };

  const validSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    const missing = missingPhotos(values.idType);
    const blocking = { ...missing, ...Object.fromEntries(Object.entries(fileErrors).filter(([, v]) => v)) };
    if (Object.keys(blocking).length > 0) {
      setFileErrors((e) => ({ ...e, ...missing }));
      setRefusal('Some photos are missing or cannot be used: see what to fix under each photo.');
      return;
    }
    const fields: Record<string, string> = {
      idType: values.idType,
      fullName: values.fullName.trim(),
      birthDate: values.birthDate,
      submit: 'true',
    };
    if (values.idNumber.trim()) fields.idNumber = values.idNumber.trim();
    if (hasExpiry(values.idType) && values.idExpiresOn) fields.idExpiresOn = values.idExpiresOn;
    const sent = { ...files };
    if (!needsBack(values.idType)) delete sent.back;
    setProgress(0);
    try {
      const problem = await onSend({ fields, files: sent, onProgress: setProgress });
      setRefusal(problem);
    } finally {
      setProgress(null);
    }
  });
  // the photos' messages show with the fields' ones, not only once the fields are right
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const missing = missingPhotos(idType);
    if (Object.keys(missing).length > 0) setFileErrors((e) => ({ ...e, ...missing }));
    return validSubmit(event);
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Verify your identity">
      <Stack spacing={2.5}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="idType" label="ID type" select rules={{ required: 'Choose the ID you will photograph' }}>
              {KYC_ID_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {KYC_ID_TYPE_LABELS[t]}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="idNumber"
              label="ID number"
              autoComplete="off"
              helperText={updating ? `Leave empty to keep the number ending in ${updating.idNumberLast4}` : 'As printed on the ID'}
              rules={{
                validate: (v) => (updating || v.trim() ? true : 'Enter the ID number as printed on the ID'),
                maxLength: { value: 40, message: 'At most 40 characters' },
              }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="fullName"
              label="Full name as on the ID"
              autoComplete="name"
              rules={{ validate: (v) => (v.trim().length >= 2 ? true : 'Enter your full name exactly as printed on the ID') }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="birthDate"
              label="Birth date as on the ID"
              type="date"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: eighteenYearsBefore(today) } }}
              rules={{
                required: 'Enter your birth date as printed on the ID',
                validate: (v) => (v <= eighteenYearsBefore(today) ? true : 'You must be 18 or older to verify your identity'),
              }}
            />
          </Grid>
          {hasExpiry(idType) && (
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="idExpiresOn"
                label="ID valid until (optional)"
                type="date"
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
                helperText="If the ID shows an expiry date"
                rules={{ validate: (v) => (!v || v > today ? true : 'This ID has expired: use an ID that is still valid') }}
              />
            </Grid>
          )}
        </Grid>

        <Grid container spacing={2}>
          {wanted.map((p) => (
            <Grid key={p.kind} size={{ xs: 12, sm: 4 }}>
              <KycImagePicker
                name={p.kind}
                label={p.kind === 'back' && idType === '' ? `${p.label} (if it has one)` : p.label}
                hint={p.hint}
                file={files[p.kind] ?? null}
                kept={kept.has(p.kind)}
                error={fileErrors[p.kind]}
                disabled={sending}
                onChange={(file) => choose(p.kind, file)}
              />
            </Grid>
          ))}
        </Grid>

        <PrivacyNote />

        {refusal && (
          <Alert severity="error" onClose={() => setRefusal(null)} data-testid="kyc-refusal">
            {refusal}
          </Alert>
        )}
        {sending && (
          <Box>
            <LinearProgress variant="determinate" value={Math.round((progress ?? 0) * 100)} aria-label="Sending your ID" />
            <Typography variant="caption" color="text.secondary">
              Sending… {Math.round((progress ?? 0) * 100)}%
            </Typography>
          </Box>
        )}
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={sending}>
            {sending ? 'Sending…' : updating ? 'Submit again' : 'Submit for review'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
