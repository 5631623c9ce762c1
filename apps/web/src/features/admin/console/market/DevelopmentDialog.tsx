import { useEffect, useState } from 'react';
import { Controller, FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { DEVELOPMENT_KINDS, DEVELOPMENT_STATUSES, type DevelopmentKind, type DevelopmentStatus } from '@app/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { errorMessage } from '@/lib/api/errors';
import {
  useCreateDevelopmentMutation,
  useGetPlaceQuery,
  useUpdateDevelopmentMutation,
  type DevelopmentDto,
  type SaveDevelopmentDto,
} from '@/lib/api/generated';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { AddressPicker } from '@/features/listings/components/AddressPicker';
import { NO_PROVINCE, type ListingFormValues } from '@/features/listings/form/listing-form';
import { DEVELOPMENT_KIND_LABELS, DEVELOPMENT_STATUS_LABELS } from './market-text';

export const NAME_MAX = 160;
export const DESCRIPTION_MAX = 2000;
export const SOURCE_NOTE_MAX = 500;

/** The form: the project's fields, and the address picker's (region → province → city → barangay). */
export interface DevelopmentFormValues {
  name: string;
  kind: DevelopmentKind;
  status: DevelopmentStatus;
  expectedCompletion: string;
  description: string;
  sourceNote: string;
  /** Optional point; both or neither (empty: the barangay's centre). */
  lat: string;
  lng: string;
  regionCode: string;
  provinceCode: string;
  cityCode: string;
  barangayCode: string;
  regionWithoutProvinces: boolean;
}

export const emptyDevelopment = (): DevelopmentFormValues => ({
  name: '',
  kind: 'residential',
  status: 'planned',
  expectedCompletion: '',
  description: '',
  sourceNote: '',
  lat: '',
  lng: '',
  regionCode: '',
  provinceCode: '',
  cityCode: '',
  barangayCode: '',
  regionWithoutProvinces: false,
});

/** The body of POST/PUT /bi/developments from the form (trimmed; the point only when both are given). */
export function developmentBody(v: DevelopmentFormValues): SaveDevelopmentDto {
  const lat = v.lat.trim();
  const lng = v.lng.trim();
  return {
    name: v.name.trim(),
    kind: v.kind,
    status: v.status,
    expectedCompletion: v.expectedCompletion || null,
    barangayCode: v.barangayCode,
    description: v.description.trim(),
    sourceNote: v.sourceNote.trim(),
    ...(lat && lng ? { lat: Number(lat), lng: Number(lng) } : {}),
  };
}

const coordinate = (label: string, min: number, max: number) => (value: string, values: DevelopmentFormValues) => {
  const other = label === 'Latitude' ? values.lng : values.lat;
  if (!value.trim()) return other.trim() ? `Give the ${label.toLowerCase()} too, or neither` : true;
  const n = Number(value);
  return (Number.isFinite(n) && n >= min && n <= max) || `${label} in the Philippines: ${min} to ${max}`;
};

/** Create (no `development`) or edit a project (admins). */
export function DevelopmentDialog({ development, onClose }: { development?: DevelopmentDto; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [create, created] = useCreateDevelopmentMutation();
  const [update, updated] = useUpdateDevelopmentMutation();
  const [changePlace, setChangePlace] = useState(!development);
  const city = useGetPlaceQuery(development && changePlace ? { code: development.cityCode } : skipToken);
  const form = useForm<DevelopmentFormValues>({
    mode: 'onTouched',
    defaultValues: development
      ? {
          ...emptyDevelopment(),
          name: development.name,
          kind: development.kind,
          status: development.status,
          expectedCompletion: development.expectedCompletion ?? '',
          description: development.description,
          sourceNote: development.sourceNote,
          regionCode: development.regionCode,
          cityCode: development.cityCode,
          barangayCode: development.barangayCode,
        }
      : emptyDevelopment(),
  });
  // editing and picking another place: the picker starts at the project's city (its province from the places)
  useEffect(() => {
    if (city.data) form.setValue('provinceCode', city.data.provinceCode ?? NO_PROVINCE);
  }, [city.data, form]);

  const busy = created.isLoading || updated.isLoading;
  const error = created.error ?? updated.error;
  // a phone: the whole screen (a long form in a dialog with 32 px margins left Save far below)
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const submit = form.handleSubmit(async (values) => {
    const body = developmentBody(values);
    const result = development ? await update({ id: development.id, saveDevelopmentDto: body }) : await create({ saveDevelopmentDto: body });
    if ('data' in result && result.data) {
      dispatch(toast.success(development ? 'Project updated' : 'Project recorded', result.data.name));
      onClose();
    }
  });
  const { errors } = form.formState;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="development-dialog-title" fullWidth maxWidth="sm" fullScreen={phone}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="development-dialog-title">{development ? 'Edit the project' : 'Record a development project'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{errorMessage(error)}</Alert>}
            <TextField
              label="Name"
              required
              autoFocus
              {...form.register('name', {
                validate: (v) => !!v.trim() || 'Enter the project name',
                maxLength: { value: NAME_MAX, message: `At most ${NAME_MAX} characters` },
              })}
              error={!!errors.name}
              helperText={errors.name?.message}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                control={form.control}
                name="kind"
                render={({ field }) => (
                  <TextField select label="Kind" fullWidth {...field}>
                    {DEVELOPMENT_KINDS.map((k) => (
                      <MenuItem key={k} value={k}>
                        {DEVELOPMENT_KIND_LABELS[k]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={form.control}
                name="status"
                render={({ field }) => (
                  <TextField select label="Status" fullWidth {...field}>
                    {DEVELOPMENT_STATUSES.map((s) => (
                      <MenuItem key={s} value={s}>
                        {DEVELOPMENT_STATUS_LABELS[s]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
            <TextField
              label="Expected completion"
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
              {...form.register('expectedCompletion')}
              helperText="Leave empty when not announced"
            />
            {changePlace ? (
              <FormProvider {...(form as unknown as UseFormReturn<ListingFormValues>)}>
                <AddressPicker />
              </FormProvider>
            ) : (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" sx={{ flex: 1 }}>
                  Barangay: <strong>{development?.barangayName ?? development?.barangayCode}</strong>
                  {development?.cityName ? `, ${development.cityName}` : ''}
                </Typography>
                <Button size="small" onClick={() => setChangePlace(true)}>
                  Change
                </Button>
              </Stack>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Latitude (optional)"
                inputMode="decimal"
                fullWidth
                {...form.register('lat', { validate: coordinate('Latitude', 4.2, 21.3) })}
                error={!!errors.lat}
                helperText={errors.lat?.message ?? "Empty: the barangay's centre"}
              />
              <TextField
                label="Longitude (optional)"
                inputMode="decimal"
                fullWidth
                {...form.register('lng', { validate: coordinate('Longitude', 116, 127) })}
                error={!!errors.lng}
                helperText={errors.lng?.message}
              />
            </Stack>
            <TextField
              label="Description"
              multiline
              minRows={2}
              {...form.register('description', { maxLength: { value: DESCRIPTION_MAX, message: `At most ${DESCRIPTION_MAX} characters` } })}
              error={!!errors.description}
              helperText={errors.description?.message ?? 'Plain text'}
            />
            <TextField
              label="Source"
              required
              {...form.register('sourceNote', {
                validate: (v) => !!v.trim() || 'Say where you learned of this project (an announcement, a notice, a link)',
                maxLength: { value: SOURCE_NOTE_MAX, message: `At most ${SOURCE_NOTE_MAX} characters` },
              })}
              error={!!errors.sourceNote}
              helperText={errors.sourceNote?.message ?? 'Where you learned of it: a developer announcement, a government notice, a link'}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {development ? 'Save' : 'Record'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
