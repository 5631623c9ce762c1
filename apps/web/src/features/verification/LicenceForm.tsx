import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { LICENCE_KIND_LABELS, todayIn, type LicenceKind } from '@app/domain';
import { FormTextField } from '@/components/ui/FormTextField';
import { BrokerPicker } from './BrokerPicker';
import type { BrokerRef, Licence } from './types';

export interface LicenceFormValues {
  number: string;
  validUntil: string;
  broker: BrokerRef | null;
}

export interface LicenceSave {
  number: string;
  validUntil: string;
  supervisingBrokerId?: string;
}

export interface LicenceFormProps {
  kind: LicenceKind;
  /** The live licence this form changes; null to enter a new one. */
  editing: Licence | null;
  /** Saves; resolves with the server's refusal as written, or null. */
  onSave: (values: LicenceSave) => Promise<string | null>;
  onCancel?: () => void;
  today?: string;
}

const manilaToday = () => todayIn('Asia/Manila');

/** The named broker as the picker's value (a declined or no longer licensed one is named again). */
function brokerOf(licence: Licence | null): BrokerRef | null {
  const b = licence?.supervisingBroker;
  if (!b || licence?.brokerDeclinedAt || !b.licenceValid) return null;
  return { _id: b._id, firstName: b.firstName, lastName: b.lastName, licenceNumber: b.licenceNumber ?? '' };
}

/** Enter or change a PRC licence (a salesperson's accreditation names a supervising broker). */
export function LicenceForm({ kind, editing, onSave, onCancel, today = manilaToday() }: LicenceFormProps) {
  const { control, handleSubmit, formState } = useForm<LicenceFormValues>({
    defaultValues: {
      number: editing?.number ?? '',
      validUntil: editing?.validUntil?.slice(0, 10) ?? '',
      broker: brokerOf(editing),
    },
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const salesperson = kind === 'salesperson';

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    const problem = await onSave({
      number: values.number.trim(),
      validUntil: values.validUntil,
      ...(salesperson && values.broker ? { supervisingBrokerId: values.broker._id } : {}),
    });
    setRefusal(problem);
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={`${LICENCE_KIND_LABELS[kind]} licence`}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="number"
            label={salesperson ? 'Accreditation number' : 'PRC licence number'}
            autoComplete="off"
            helperText="Digits as printed on your PRC ID, e.g. 0012345"
            rules={{
              validate: (v) => {
                const n = typeof v === 'string' ? v.trim() : '';
                if (!n) return 'Enter the number as printed on your PRC ID';
                return /^\d{1,7}$/.test(n) ? true : 'Use the digits of your PRC number only (up to 7, leading zeros kept)';
              },
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="validUntil"
            label="Valid until"
            type="date"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
            rules={{
              required: 'Enter the validity date printed on your PRC ID',
              validate: (v) => (typeof v === 'string' && v > today ? true : 'This licence has expired: enter the renewed one'),
            }}
          />
        </Grid>
        {salesperson && (
          <Grid size={12}>
            <Controller
              control={control}
              name="broker"
              rules={{ validate: (b) => (b ? true : 'Choose the PRC-licensed broker who supervises you') }}
              render={({ field, fieldState }) => (
                <BrokerPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} disabled={formState.isSubmitting} />
              )}
            />
          </Grid>
        )}
        {refusal && (
          <Grid size={12}>
            <Alert severity="error" onClose={() => setRefusal(null)} data-testid="licence-refusal">
              {refusal}
            </Alert>
          </Grid>
        )}
        <Grid size={12} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : editing ? 'Save and send for review' : 'Submit licence'}
          </Button>
          {onCancel && (
            <Button onClick={onCancel} disabled={formState.isSubmitting}>
              Cancel
            </Button>
          )}
        </Grid>
      </Grid>
    </Box>
  );
}
