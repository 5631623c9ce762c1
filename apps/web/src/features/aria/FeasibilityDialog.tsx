import { useForm, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Controller } from 'react-hook-form';
import { FormNumberField } from '@/components/ui/FormNumberField';
import { useStartFeasibilityMutation, type FeasibilityAssumptions } from './aria-api';
import { QuoteLine } from './QuoteLine';
import { useStartRun } from './use-start-run';

/** The form: amounts as the number fields hold them (plain digits, "" when empty). */
export interface FeasibilityFormValues {
  downPaymentPct: string;
  years: string;
  lender: 'pagibig' | 'bank';
  annualRatePct: string;
  use: 'rent' | 'own';
  monthlyRent: string;
  vacancyPct: string;
  monthlyDues: string;
  annualRealPropertyTax: string;
}

/** The contract's defaults: 20 % down, 20 years, Pag-IBIG at its rate, to rent out at the area's rent, 5 % vacancy, no dues. */
export const FEASIBILITY_DEFAULTS: FeasibilityFormValues = {
  downPaymentPct: '20',
  years: '20',
  lender: 'pagibig',
  annualRatePct: '',
  use: 'rent',
  monthlyRent: '',
  vacancyPct: '5',
  monthlyDues: '0',
  annualRealPropertyTax: '',
};

const optional = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** The assumptions as POST /ai/run/feasibility takes them (blank optional fields left out: the server's defaults apply). */
export function assumptionsOf(v: FeasibilityFormValues): FeasibilityAssumptions {
  const a: FeasibilityAssumptions = {
    downPaymentPct: Number(v.downPaymentPct),
    years: Number(v.years),
    lender: v.lender,
    use: v.use,
    vacancyPct: Number(v.vacancyPct),
    monthlyDues: Number(v.monthlyDues || 0),
  };
  const rate = optional(v.annualRatePct);
  if (rate !== undefined) a.annualRatePct = rate;
  const rent = optional(v.monthlyRent);
  if (v.use === 'rent' && rent !== undefined) a.monthlyRent = rent;
  const rpt = optional(v.annualRealPropertyTax);
  if (rpt !== undefined) a.annualRealPropertyTax = rpt;
  return a;
}

const between = (label: string, min: number, max: number) => ({
  validate: (v: string) => {
    if (v.trim() === '') return `Enter the ${label}`;
    const n = Number(v);
    return (n >= min && n <= max) || `The ${label} must be between ${min} and ${max}`;
  },
});

export interface FeasibilityDialogProps {
  open: boolean;
  onClose: () => void;
  listing: { id: string; name: string };
}

/**
 * "Run feasibility" on a listing: the assumptions (with the defaults filled in), what the run costs and
 * what the member has, then the run (a job): the page of its history entry shows its progress and result.
 */
export function FeasibilityDialog({ open, onClose, listing }: FeasibilityDialogProps) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const { quote, allowed, start, close, starting, errorView } = useStartRun('feasibility', useStartFeasibilityMutation, onClose);
  const { control, handleSubmit } = useForm<FeasibilityFormValues>({ defaultValues: FEASIBILITY_DEFAULTS });
  const use = useWatch({ control, name: 'use' });

  const submit = handleSubmit((values) => start({ feasibilityRunDto: { listingId: listing.id, assumptions: assumptionsOf(values) } }));

  return (
    <Dialog open={open} onClose={starting ? undefined : close} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="feasibility-title">
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
        <DialogTitle id="feasibility-title">Run feasibility</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {listing.name}: the taxes and fees of buying it, the loan, the monthly cash flow, yields and the market around it, with a PDF.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormNumberField control={control} name="downPaymentPct" label="Down payment (%)" decimalScale={1} rules={between('down payment', 0, 100)} />
              <FormNumberField control={control} name="years" label="Loan term (years)" decimalScale={0} rules={between('loan term', 1, 30)} />
            </Stack>
            <Controller
              control={control}
              name="lender"
              render={({ field }) => (
                <Box>
                  <FormLabel id="lender-label">Lender</FormLabel>
                  <RadioGroup row aria-labelledby="lender-label" {...field}>
                    <FormControlLabel value="pagibig" control={<Radio />} label="Pag-IBIG" />
                    <FormControlLabel value="bank" control={<Radio />} label="Bank" />
                  </RadioGroup>
                </Box>
              )}
            />
            <FormNumberField
              control={control}
              name="annualRatePct"
              label="Interest rate a year (%)"
              decimalScale={3}
              helperText="Blank: the lender's published rate"
              rules={{ validate: (v: string) => v.trim() === '' || (Number(v) > 0 && Number(v) <= 30) || 'The rate must be above 0 and at most 30' }}
            />
            <Controller
              control={control}
              name="use"
              render={({ field }) => (
                <Box>
                  <FormLabel id="use-label">Use</FormLabel>
                  <RadioGroup row aria-labelledby="use-label" {...field}>
                    <FormControlLabel value="rent" control={<Radio />} label="Rent it out" />
                    <FormControlLabel value="own" control={<Radio />} label="Live in it" />
                  </RadioGroup>
                </Box>
              )}
            />
            {use === 'rent' && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormNumberField control={control} name="monthlyRent" label="Rent a month (₱)" decimalScale={0} helperText="Blank: the area's median rent" />
                <FormNumberField control={control} name="vacancyPct" label="Vacancy (%)" decimalScale={1} rules={between('vacancy', 0, 100)} />
              </Stack>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormNumberField control={control} name="monthlyDues" label="Association dues a month (₱)" decimalScale={0} />
              <FormNumberField control={control} name="annualRealPropertyTax" label="Real property tax a year (₱)" decimalScale={0} helperText="Blank: estimated" />
            </Stack>
            <QuoteLine kind="feasibility" />
            {errorView}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={starting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={starting || !allowed}>
            {quote ? `Run for ${quote.credits} credits` : 'Run'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
