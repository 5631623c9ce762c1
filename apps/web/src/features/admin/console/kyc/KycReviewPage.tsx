import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { KYC_REASON_CODES, KYC_REASON_LABELS, USER_TYPE_LABELS, type KycViewReason } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/KeyboardBackspace';
import { errorMessage } from '@/lib/api/errors';
import { isAdmin } from '@/lib/api/types';
import { formatDay, formatDayTime } from '@/lib/billing-text';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { personName } from '../labels';
import { DecisionDialog, type Decision } from './DecisionDialog';
import { KycImage, ViewReasonGate } from './KycImages';
import { useGetKycQuery, useUpdateKycStatusMutation, type KycStatusBody, type KycSubmission } from './kyc-api';
import { KYC_ACTION_LABELS, KYC_STATUS_COLORS, KYC_STATUS_LABELS, ageInYears, formatIdDay, idTypeLabel, kycReasonLabel } from './kyc-text';
import { StaffOnlyNotice } from './StaffOnlyNotice';

export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

export function Facts({ rows, label }: { rows: Array<[string, ReactNode]>; label?: string }) {
  return (
    <Box component="dl" aria-label={label} sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {k}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {v ?? '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z\u00f1]+/g, ' ').trim();

/** Whether every word of the account's first and last name appears in the name on the ID. */
function namesAgree(idName: string, first: string, last: string): boolean {
  const words = new Set(norm(idName).split(' '));
  return `${norm(first)} ${norm(last)}`.split(' ').filter(Boolean).every((w) => words.has(w));
}

type DialogKind = 'approve' | 'reject' | 'resubmit' | null;

const KYC_REASONS = KYC_REASON_CODES.map((c) => [c, KYC_REASON_LABELS[c].label, KYC_REASON_LABELS[c].fix] as const);
const OPEN = ['submitted', 'in_review'];

function Actions({ s, meId }: { s: KycSubmission; meId: string | undefined }) {
  const dispatch = useAppDispatch();
  const [setStatus, { isLoading, error, reset }] = useUpdateKycStatusMutation();
  const [dialog, setDialog] = useState<DialogKind>(null);
  const mine = !!meId && s.assignedTo?._id === meId;
  const other = !!s.assignedTo && !mine;
  const send = async (body: KycStatusBody, done: string) => {
    const result = await setStatus({ id: s._id, updateKycStatusDto: body });
    if ('error' in result) {
      if (!dialog) dispatch(toast.error(errorMessage(result.error)));
      return;
    }
    dispatch(toast.success(done));
    setDialog(null);
  };
  const decide = (status: 'approved' | 'rejected' | 'resubmission_requested', done: string) => (d: Decision) =>
    void send({ status, ...(d.reasonCodes.length > 0 && { reasonCodes: d.reasonCodes as KycStatusBody['reasonCodes'] }), ...(d.note && { note: d.note }) }, done);
  const open = (k: DialogKind) => {
    reset();
    setDialog(k);
  };
  if (!OPEN.includes(s.status)) return null;
  const noteForOther = (codes: string[]) => codes.includes('other');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }} data-testid="kyc-actions">
      {mine ? (
        <Button variant="outlined" onClick={() => void send({ status: 'submitted' }, 'Released to the queue')} disabled={isLoading}>
          Release
        </Button>
      ) : (
        <Button variant="outlined" onClick={() => void send({ status: 'in_review' }, 'Assigned to you')} disabled={isLoading || other}>
          Assign to me
        </Button>
      )}
      <Button variant="contained" color="success" onClick={() => open('approve')} disabled={isLoading || other}>
        Approve
      </Button>
      <Button variant="outlined" color="warning" onClick={() => open('resubmit')} disabled={isLoading || other}>
        Request resubmission
      </Button>
      <Button variant="outlined" color="error" onClick={() => open('reject')} disabled={isLoading || other}>
        Reject
      </Button>
      {dialog === 'approve' && (
        <DecisionDialog
          title={`Approve ${s.fullName}'s identity?`}
          message="The member becomes verified: their profile and listings show the Verified identity badge."
          confirmLabel="Approve"
          color="success"
          busy={isLoading}
          error={error ? errorMessage(error) : null}
          onConfirm={decide('approved', 'Identity approved')}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'resubmit' && (
        <DecisionDialog
          title="Ask for a resubmission?"
          message="The member is told what to fix and can send new photos or details."
          confirmLabel="Request resubmission"
          color="warning"
          reasons={KYC_REASONS}
          noteRequired={noteForOther}
          busy={isLoading}
          error={error ? errorMessage(error) : null}
          onConfirm={decide('resubmission_requested', 'Resubmission requested')}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'reject' && (
        <DecisionDialog
          title="Reject this identity check?"
          message="The submission is closed; the member must start a new one. Its files are deleted after the retention period."
          confirmLabel="Reject"
          color="error"
          reasons={KYC_REASONS}
          noteRequired={noteForOther}
          busy={isLoading}
          error={error ? errorMessage(error) : null}
          onConfirm={decide('rejected', 'Identity check rejected')}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

function Images({ s }: { s: KycSubmission }) {
  const [reason, setReason] = useState<KycViewReason | null>(null);
  if (s.filesPurged) return <Alert severity="info">The images were deleted after the retention period.</Alert>;
  if (!reason) return <ViewReasonGate onChoose={setReason} />;
  const order = ['front', 'back', 'selfie'];
  const files = [...s.files].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  return (
    <Box
      data-testid="kyc-images"
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: `repeat(${Math.max(1, files.length)}, minmax(0, 1fr))` } }}
    >
      {files.map((f) => (
        <KycImage key={f._id} file={f} reason={reason} />
      ))}
    </Box>
  );
}

function Review({ s, meId }: { s: KycSubmission; meId: string | undefined }) {
  const age = ageInYears(s.birthDate);
  const u = s.user;
  const reviews = s.reviews ?? [];
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}>
        <div>
          <Typography variant="overline" color="text.secondary">
            Identity check
          </Typography>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
            {s.fullName}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5, alignItems: 'center' }}>
            <Chip size="small" label={KYC_STATUS_LABELS[s.status] ?? s.status} color={KYC_STATUS_COLORS[s.status] ?? 'default'} data-testid="kyc-review-status" />
            <Typography variant="body2" color="text.secondary">
              {s.assignedTo ? `Assigned to ${s.assignedTo._id === meId ? 'you' : personName(s.assignedTo)}` : 'Not assigned'} · submitted{' '}
              {formatDayTime(s.submittedAt)}
            </Typography>
          </Stack>
        </div>
        <Actions s={s} meId={meId} />
      </Stack>
      {s.reasonCodes.length > 0 && !OPEN.includes(s.status) && (
        <Alert severity={s.status === 'approved' ? 'info' : 'warning'}>
          {s.reasonCodes.map(kycReasonLabel).join('; ')}
          {s.reviewNote ? ` — ${s.reviewNote}` : ''}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(280px, 1fr)' }, alignItems: 'start' }}>
        <Section title="ID images">
          <Images s={s} />
        </Section>
        {/* on a phone the few lines of data come first, the tall images after them */}
        <Stack spacing={2} sx={{ minWidth: 0, order: { xs: -1, lg: 0 } }}>
          <Section title="Submitted">
            <Facts
              label="Submitted data"
              rows={[
                ['ID type', idTypeLabel(s.idType)],
                ['ID number', `•••• ${s.idNumberLast4}`],
                ['Full name', s.fullName],
                ['Birth date', `${formatIdDay(s.birthDate)}${age !== null ? ` (${age} years old)` : ''}`],
                ['ID expires', s.idExpiresOn ? formatIdDay(s.idExpiresOn) : 'No expiry given'],
              ]}
            />
          </Section>
          {u && (
            <Section
              title="Member account"
              action={
                <Button component={RouterLink} to={`/admin/users/${u._id}`} size="small">
                  User page
                </Button>
              }
            >
              <Facts
                label="Member account"
                rows={[
                  [
                    'Name',
                    <>
                      {personName(u)}
                      {!namesAgree(s.fullName, u.firstName, u.lastName) && (
                        <Chip size="small" color="warning" variant="outlined" label="Differs from the ID" sx={{ ml: 1 }} />
                      )}
                    </>,
                  ],
                  ['E-mail', u.email],
                  ['Type', USER_TYPE_LABELS[u.type as keyof typeof USER_TYPE_LABELS] ?? u.type],
                ]}
              />
            </Section>
          )}
        </Stack>
      </Box>
      <Section title="History">
        {reviews.length === 0 ? (
          <Typography color="text.secondary">No reviews yet.</Typography>
        ) : (
          <Stack spacing={1} component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label="Review history">
            {reviews.map((r, i) => (
              <Box component="li" key={`${r.createdAt}-${i}`} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {KYC_ACTION_LABELS[r.action] ?? r.action} · {formatDayTime(r.createdAt)}
                  {r.reviewer ? ` · ${personName(r.reviewer)}` : ''}
                </Typography>
                {r.reasonCodes.length > 0 && <Typography variant="body2">{r.reasonCodes.map(kycReasonLabel).join('; ')}</Typography>}
                {r.note && (
                  <Typography variant="body2" color="text.secondary">
                    {r.note}
                  </Typography>
                )}
              </Box>
            ))}
          </Stack>
        )}
        {s.approvedAt && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Approved {formatDay(s.approvedAt)}; counts until {formatDay(s.expiresAt)}.
          </Typography>
        )}
      </Section>
    </>
  );
}

function KycReview({ id }: { id: string }) {
  const me = useAppSelector(selectCurrentUser);
  const { data, error, isLoading } = useGetKycQuery({ id });
  return (
    <>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isLoading && <Skeleton variant="rounded" height={320} />}
      {data && <Review s={data} meId={me?._id} />}
    </>
  );
}

/**
 * /admin/kyc/{id}: the ID images side by side (stacked on a phone; each view audited with a reason)
 * beside the submitted data and the member's account; assign, release, approve, reject or ask for a
 * resubmission (reasons and a note); the history of reviews. Admins only.
 */
export function KycReviewPage() {
  const { id = '' } = useParams();
  const me = useAppSelector(selectCurrentUser);
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <div>
        <Button component={RouterLink} to="/admin/kyc" startIcon={<ArrowBackIcon />} size="small">
          Identity checks
        </Button>
      </div>
      {/* another submission is another visit: the view reason is asked again */}
      {isAdmin(me) ? <KycReview key={id} id={id} /> : <StaffOnlyNotice />}
      {!isAdmin(me) && (
        <Link component={RouterLink} to="/admin">
          Back to the console
        </Link>
      )}
    </Stack>
  );
}
