import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LICENCE_KIND_LABELS, LICENCE_KIND_OF_TYPE, type LicenceKind, type UserType } from '@app/domain';
import { errorMessage } from '@/lib/api/errors';
import { api } from '@/lib/api/generated-shell';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { LicenceCard, brokerProblem } from './LicenceCard';
import { LicenceForm, type LicenceSave } from './LicenceForm';
import { needsNewLicence } from './licence-rules';
import { SupervisedRequests } from './SupervisedRequests';
import {
  useCreateLicenceMutation,
  useGetMyLicencesQuery,
  useSuperviseLicenceMutation,
  useUpdateLicenceMutation,
  useWithdrawLicenceMutation,
} from './verification-api';

/** For customers and property owners: what the licence is for and where the member type changes. */
export function LicenceNotNeeded() {
  return (
    <Paper component="section" variant="outlined" aria-labelledby="licence-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="licence-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        PRC licence
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The licence badge is for real estate professionals (brokers, salespersons, appraisers and consultants). If you
        are one, change your member type in{' '}
        <Link component={RouterLink} to="/settings">
          Account settings
        </Link>{' '}
        and come back here.
      </Typography>
    </Paper>
  );
}

function LicenceBody({ kind }: { kind: LicenceKind }) {
  const dispatch = useAppDispatch();
  const { data, error, isLoading } = useGetMyLicencesQuery();
  const [create] = useCreateLicenceMutation();
  const [update] = useUpdateLicenceMutation();
  const [withdraw] = useWithdrawLicenceMutation();
  const [editing, setEditing] = useState(false);
  const refreshMe = () => void dispatch(api.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }));

  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (isLoading || !data) return <Skeleton variant="rounded" height={96} />;
  const current = data.current;
  const fresh = needsNewLicence(current);

  const onSave = async (values: LicenceSave): Promise<string | null> => {
    try {
      if (fresh || !current) await create({ createLicenceDto: { kind, ...values } }).unwrap();
      else await update({ id: current._id, updateLicenceDto: values }).unwrap();
      setEditing(false);
      refreshMe();
      dispatch(
        toast.success(
          'Licence sent',
          kind === 'salesperson' ? 'Your broker must confirm it first, then our team checks it.' : 'Our team will check it against your PRC ID.',
        ),
      );
      return null;
    } catch (e) {
      return errorMessage(e);
    }
  };

  const onWithdraw = async (id: string) => {
    try {
      await withdraw({ id }).unwrap();
      refreshMe();
    } catch (e) {
      throw new Error(errorMessage(e));
    }
  };

  return (
    <Stack spacing={2}>
      {current && <LicenceCard licence={current} onWithdraw={onWithdraw} />}
      {fresh || editing || brokerProblem(current!) ? (
        <LicenceForm
          key={fresh ? 'new' : current!._id}
          kind={kind}
          editing={fresh ? null : current}
          onSave={onSave}
          onCancel={editing && !brokerProblem(current!) ? () => setEditing(false) : undefined}
        />
      ) : (
        <div>
          <Button variant="outlined" onClick={() => setEditing(true)}>
            Update licence
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            A new number, validity or broker is checked again; the badge is off until it is approved.
          </Typography>
        </div>
      )}
    </Stack>
  );
}

/** The PRC licence part of the page, by member type. */
export function LicenceSection({ type }: { type: UserType }) {
  const kind = LICENCE_KIND_OF_TYPE[type];
  if (!kind) return <LicenceNotNeeded />;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="licence-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        <div>
          <Typography id="licence-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            PRC licence
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {kind === 'salesperson'
              ? 'Your accreditation and the licensed broker who supervises you (RESA, RA 9646). Approved, it shows as "Accredited salesperson" on your listings.'
              : `Your licence number and validity (RESA, RA 9646). Approved, it shows as "${LICENCE_KIND_LABELS[kind]}" on your listings.`}
          </Typography>
        </div>
        <LicenceBody kind={kind} />
      </Stack>
    </Paper>
  );
}

/** Brokers: the salespersons who named them, to confirm or decline. */
export function SupervisedSection() {
  const dispatch = useAppDispatch();
  const { data } = useGetMyLicencesQuery();
  const [supervise] = useSuperviseLicenceMutation();
  if (!data) return null;
  return (
    <SupervisedRequests
      requests={data.supervising}
      onAnswer={async (id, confirm) => {
        try {
          await supervise({ id, superviseLicenceDto: { confirm } }).unwrap();
          dispatch(toast.success(confirm ? 'Salesperson confirmed' : 'Request declined'));
        } catch (e) {
          throw new Error(errorMessage(e));
        }
      }}
    />
  );
}
