import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { LICENCE_REASON_CODES, LICENCE_REASON_LABELS, USER_TYPE_LABELS } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/KeyboardBackspace';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import { errorMessage } from '@/lib/api/errors';
import { isAdmin } from '@/lib/api/types';
import { formatDay, formatDayTime } from '@/lib/billing-text';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { personName } from '../labels';
import { DecisionDialog, type Decision } from '../kyc/DecisionDialog';
import { Facts, Section } from '../kyc/KycReviewPage';
import { KYC_STATUS_LABELS, idTypeLabel } from '../kyc/kyc-text';
import { useGetLicenceByIdQuery, useUpdateLicenceStatusMutation, type Licence, type LicenceReviewBody } from './licence-api';
import { LICENCE_STATUS_COLORS, LICENCE_STATUS_LABELS, licenceKindLabel, licenceReasonLabel } from './licence-text';

const REASONS = LICENCE_REASON_CODES.map((c) => [c, LICENCE_REASON_LABELS[c]] as const);
const noteForOther = (codes: string[]) => codes.includes('other');

type DialogKind = 'approved' | 'rejected' | 'revoked' | null;

function Actions({ l }: { l: Licence }) {
  const dispatch = useAppDispatch();
  const [review, { isLoading, error, reset }] = useUpdateLicenceStatusMutation();
  const [dialog, setDialog] = useState<DialogKind>(null);
  const decide = (status: 'approved' | 'rejected' | 'revoked', done: string) => async (d: Decision) => {
    const body: LicenceReviewBody = {
      status,
      ...(d.reasonCodes.length > 0 && { reasonCodes: d.reasonCodes as LicenceReviewBody['reasonCodes'] }),
      ...(d.note && { note: d.note }),
    };
    const result = await review({ id: l._id, reviewLicenceDto: body });
    if ('error' in result) return;
    dispatch(toast.success(done));
    setDialog(null);
  };
  const open = (k: DialogKind) => {
    reset();
    setDialog(k);
  };
  const waiting = l.status === 'submitted' || l.status === 'pending_broker';
  if (!waiting && l.status !== 'approved') return null;
  const shared = { busy: isLoading, error: error ? errorMessage(error) : null, onClose: () => setDialog(null) };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }} data-testid="licence-actions">
      {waiting && (
        <>
          <Button variant="contained" color="success" startIcon={<VerifiedIcon />} onClick={() => open('approved')} disabled={isLoading}>
            Approve
          </Button>
          <Button variant="outlined" color="error" onClick={() => open('rejected')} disabled={isLoading}>
            Reject
          </Button>
        </>
      )}
      {l.status === 'approved' && (
        <Button variant="outlined" color="error" onClick={() => open('revoked')} disabled={isLoading}>
          Revoke
        </Button>
      )}
      {dialog === 'approved' && (
        <DecisionDialog
          {...shared}
          title={`Approve licence No. ${l.number}?`}
          message={`The member's profile and listings show "${licenceKindLabel(l.kind)} No. ${l.number}" until ${formatDay(l.validUntil)}.`}
          confirmLabel="Approve"
          color="success"
          onConfirm={(d) => void decide('approved', 'Licence approved')(d)}
        />
      )}
      {dialog === 'rejected' && (
        <DecisionDialog
          {...shared}
          title="Reject this licence?"
          message="The member sees the reasons and can enter the licence again."
          confirmLabel="Reject"
          color="error"
          reasons={REASONS}
          noteRequired={noteForOther}
          onConfirm={(d) => void decide('rejected', 'Licence rejected')(d)}
        />
      )}
      {dialog === 'revoked' && (
        <DecisionDialog
          {...shared}
          title="Revoke this licence?"
          message="The badge comes off the member's profile and listings at once; buyers see their listings as posted without an approved licence."
          confirmLabel="Revoke"
          color="error"
          reasons={REASONS}
          noteRequired={noteForOther}
          onConfirm={(d) => void decide('revoked', 'Licence revoked')(d)}
        />
      )}
    </Stack>
  );
}

function Review({ l, canAct }: { l: Licence; canAct: boolean }) {
  const u = l.user;
  const kyc = u?.kyc ?? null;
  const broker = l.supervisingBroker;
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}>
        <div>
          <Typography variant="overline" color="text.secondary">
            {licenceKindLabel(l.kind)}
          </Typography>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
            {u ? personName(u) : 'Licence'} · No. {l.number}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5, alignItems: 'center' }}>
            <Chip size="small" label={LICENCE_STATUS_LABELS[l.status] ?? l.status} color={LICENCE_STATUS_COLORS[l.status] ?? 'default'} data-testid="licence-status" />
            {l.badge && <Chip size="small" color="primary" variant="outlined" icon={<VerifiedIcon />} label={l.badge} />}
          </Stack>
        </div>
        {canAct && <Actions l={l} />}
      </Stack>
      {l.kycPrcIdVerified === false && (
        <Alert severity="warning" data-testid="no-prc-id">
          {kyc?.status === 'approved'
            ? `The member's verified ID is a ${idTypeLabel(kyc.idType)}, not a PRC ID: the number cannot be checked against a PRC ID image.`
            : "The member has no verified identity: the number cannot be checked against a PRC ID image."}{' '}
          Reject with "{LICENCE_REASON_LABELS.no_kyc_prc_id.split(':')[0]}" unless you can check it otherwise.
        </Alert>
      )}
      {l.reasonCodes.length > 0 && (
        <Alert severity="info">
          {l.reasonCodes.map(licenceReasonLabel).join('; ')}
          {l.reviewNote ? ` — ${l.reviewNote}` : ''}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Section title="Licence">
          <Facts
            label="Licence"
            rows={[
              ['Kind', licenceKindLabel(l.kind)],
              ['Number', l.number],
              ['Valid until', formatDay(l.validUntil)],
              ['Submitted', formatDayTime(l.submittedAt)],
              ...(l.reviewedAt ? ([['Reviewed', formatDayTime(l.reviewedAt)]] as Array<[string, string]>) : []),
              ...(l.kind === 'salesperson'
                ? ([
                    [
                      'Supervising broker',
                      broker ? (
                        <>
                          {personName(broker)}
                          {broker.licenceNumber ? ` (No. ${broker.licenceNumber})` : ''}
                          {broker.licenceValid === false && <Chip size="small" color="error" variant="outlined" label="Licence no longer valid" sx={{ ml: 1 }} />}
                        </>
                      ) : (
                        'None named'
                      ),
                    ],
                    [
                      'Broker confirmed',
                      l.brokerConfirmedAt ? formatDayTime(l.brokerConfirmedAt) : l.brokerDeclinedAt ? `Declined ${formatDayTime(l.brokerDeclinedAt)}` : 'Not yet',
                    ],
                  ] as Array<[string, ReactNode]>)
                : []),
            ]}
          />
        </Section>
        <Section
          title="Member"
          action={
            u && (
              <Button component={RouterLink} to={`/admin/users/${u._id}`} size="small">
                User page
              </Button>
            )
          }
        >
          {u ? (
            <Facts
              label="Member"
              rows={[
                ['Name', personName(u)],
                ['E-mail', u.email],
                ['Type', USER_TYPE_LABELS[u.type as keyof typeof USER_TYPE_LABELS] ?? u.type],
                ['Identity', u.isVerified ? 'Verified' : 'Not verified'],
                [
                  'Identity check',
                  kyc ? `${idTypeLabel(kyc.idType)} · ${KYC_STATUS_LABELS[kyc.status] ?? kyc.status}${kyc.approvedAt ? ` ${formatDay(kyc.approvedAt)}` : ''}` : 'None',
                ],
              ]}
            />
          ) : (
            <Typography color="text.secondary">—</Typography>
          )}
          {canAct && kyc && (
            <Button
              component={RouterLink}
              to={`/admin/kyc/${kyc.submissionId}`}
              variant="outlined"
              size="small"
              startIcon={<BadgeOutlinedIcon />}
              sx={{ mt: 1.5 }}
            >
              {kyc.idType === 'prc' ? 'Open their PRC ID' : 'Open their identity check'}
            </Button>
          )}
        </Section>
      </Box>
    </>
  );
}

/**
 * /admin/licences/{id}: the licence, the member's account and identity check (a warning when their
 * verified ID is not a PRC ID; admins open the ID images through the identity check), the supervising
 * broker; admins approve, reject or revoke with reasons. Viewers read only.
 */
export function LicenceReviewPage() {
  const { id = '' } = useParams();
  const me = useAppSelector(selectCurrentUser);
  const { data, error, isLoading } = useGetLicenceByIdQuery({ id });
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <div>
        <Button component={RouterLink} to="/admin/licences" startIcon={<ArrowBackIcon />} size="small">
          PRC licences
        </Button>
      </div>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isLoading && <Skeleton variant="rounded" height={280} />}
      {data && <Review l={data} canAct={isAdmin(me)} />}
    </Stack>
  );
}
