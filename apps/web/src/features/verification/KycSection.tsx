import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@/lib/api/errors';
import { api } from '@/lib/api/generated-shell';
import { selectAuth, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { KycForm, type KycSendArgs } from './KycForm';
import { KycHistory } from './KycHistory';
import { KycStatusCard } from './KycStatusCard';
import { canSubmit } from './kyc-rules';
import { sendKyc } from './kyc-upload';
import { invalidateMyKyc, useGetMyKycQuery, useWithdrawKycMutation } from './verification-api';

/** Identity verification: the status card, the form when the member may send one, and the history. */
export function KycSection() {
  const dispatch = useAppDispatch();
  const { token } = useAppSelector(selectAuth);
  const { data, error, isLoading } = useGetMyKycQuery();
  const [withdraw] = useWithdrawKycMutation();
  const current = data?.current ?? null;
  const updating = current && ['draft', 'resubmission_requested'].includes(current.status) ? current : null;

  // the session's user carries the kyc summary and isVerified
  const refreshMe = () => void dispatch(api.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }));

  const onSend = async ({ fields, files, onProgress }: KycSendArgs): Promise<string | null> => {
    const result = await sendKyc({ fields, files, token, onProgress });
    if (!result.ok) return result.message;
    dispatch(invalidateMyKyc());
    refreshMe();
    dispatch(toast.success('ID sent', 'A reviewer will check it; we will notify you of the result.'));
    return null;
  };

  const onWithdraw = async (id: string) => {
    try {
      await withdraw({ id }).unwrap();
      refreshMe();
      dispatch(toast.success('Verification withdrawn', 'You can submit again at any time.'));
    } catch (e) {
      throw new Error(errorMessage(e));
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby="kyc-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        <div>
          <Typography id="kyc-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            Identity
          </Typography>
          <Typography variant="body2" color="text.secondary">
            A government ID and a selfie, checked by our team. Verified members get a badge on their listings and profile.
          </Typography>
        </div>
        {error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : isLoading || !data ? (
          <Skeleton variant="rounded" height={96} />
        ) : (
          <>
            <KycStatusCard submission={current} onWithdraw={onWithdraw} />
            {canSubmit(current) && (
              // a new key per submission: the form starts from the one it updates
              <KycForm key={updating?._id ?? 'new'} updating={updating} onSend={onSend} />
            )}
            <KycHistory history={data.history} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
