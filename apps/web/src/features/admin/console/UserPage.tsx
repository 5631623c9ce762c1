import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/KeyboardBackspace';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api/errors';
import { formatCentavos } from '@app/domain';
import { formatCredits, formatDay, formatDayTime, planName } from '@/lib/billing-text';
import { listingStatusLabel } from '@/lib/listing-text';
import { Price } from '@/components/ui/Price';
import { useAdminUserPageQuery } from './console-api';
import { ROLE_LABELS, USER_STATUS_LABELS, USER_TYPE_LABELS, personName } from './labels';
import { EntityLink, SeverityChip } from './SeverityChip';
import { UserActions } from './UserActions';

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.75,
        m: 0,
      }}
    >
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

const STAT_LABELS: Record<string, string> = {
  listings: 'Listings',
  threads: 'Message threads',
  payments: 'Payments',
  paidCentavos: 'Paid in all',
  totalListings: 'Listings',
  activeListings: 'Active listings',
  totalViews: 'Views',
  totalSaved: 'Saves',
  totalInquiries: 'Inquiries',
  messagesSent: 'Messages sent',
  totalPayments: 'Payments',
  reviews: 'Reviews',
};

/** /admin/users/{id}: one account (POST /user/page): profile, plan, credits, stats, listings, recent audit; admins act on it. */
export function UserPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error, isLoading } = useAdminUserPageQuery({ id, page });
  const user = data?.user;
  const listings = data?.listings;
  // the plan in force, and the subscription record behind it (none on Free)
  const current = data?.subscription;
  const sub = current?.subscription;

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <div>
        <Button component={RouterLink} to="/admin/users" startIcon={<ArrowBackIcon />} size="small">
          Users
        </Button>
      </div>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isLoading && <Skeleton variant="rounded" height={240} />}
      {user && (
        <>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{
              justifyContent: 'space-between',
              alignItems: { md: 'flex-start' },
            }}
          >
            <div>
              <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
                {personName(user)}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
                <Chip size="small" label={user.role ? ROLE_LABELS[user.role] : 'Member'} />
                <Chip
                  size="small"
                  label={USER_STATUS_LABELS[user.status ?? ''] ?? user.status}
                  color={user.status === 'suspended' ? 'error' : 'success'}
                  data-testid="user-status"
                />
                {user.isVerified && <Chip size="small" color="primary" label="Verified" />}
              </Stack>
            </div>
            <UserActions user={user} />
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: '1fr',
                md: '1fr 1fr',
                lg: '1fr 1fr 1fr',
              },
            }}
          >
            <Section title="Profile">
              <Facts
                rows={[
                  ['E-mail', user.email],
                  ['Username', user.username ?? '—'],
                  ['Phone', user.phoneNumber ?? '—'],
                  ['Type', USER_TYPE_LABELS[user.type ?? ''] ?? user.type],
                  ['Sign-in', user.provider],
                  ['Signed up', formatDay(user.dateSignedUp ?? user.createdAt)],
                  ['Last active', formatDayTime(user.lastActive)],
                ]}
              />
            </Section>
            <Section title="Plan and credits">
              <Facts
                rows={[
                  ['Plan', planName(current?.plan ?? user.subscription?.plan)],
                  ['Status', sub?.status ?? '—'],
                  ['Period', sub?.billingPeriod ?? '—'],
                  ...(sub?.expiresAt ? ([['Ends', formatDay(sub.expiresAt)]] as Array<[string, ReactNode]>) : []),
                  ['AI credits', formatCredits(data.credits.balance)],
                ]}
              />
            </Section>
            <Section title="Stats">
              <Facts
                rows={Object.entries(data.stats ?? {})
                  .filter(([, v]) => typeof v === 'number')
                  .map(([k, v]) => [STAT_LABELS[k] ?? k, /centavos/i.test(k) ? formatCentavos(v as number) : (v as number).toLocaleString('en-PH')])}
              />
            </Section>
          </Box>
          <Section
            title={`Listings${listings ? ` (${listings.pagination.totalItems})` : ''}`}
            action={
              <Button component={RouterLink} to={`/admin/listings?owner=${id}`} size="small">
                Open in the listings table
              </Button>
            }
          >
            {listings && listings.listings.length > 0 ? (
              <>
                <TableContainer>
                  <Table size="small" aria-label="Listings of this user">
                    <TableHead>
                      <TableRow>
                        <TableCell>Code</TableCell>
                        <TableCell>Name</TableCell>
                        <TableCell>Status</TableCell>
                        <TableCell>Price</TableCell>
                        <TableCell>Created</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {listings.listings.map((l) => (
                        <TableRow key={l._id}>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.code}</TableCell>
                          <TableCell>
                            <Link component={RouterLink} to={`/admin/listings/${l._id}/review`}>
                              {l.name}
                            </Link>
                          </TableCell>
                          <TableCell>{listingStatusLabel(l.status)}</TableCell>
                          <TableCell>
                            <Price amount={l.price} currency={l.currency} perMonth={l.offer === 'rent'} size="compact" testId={`price-${l._id}`} />
                          </TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(l.createdAt)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
                {listings.pagination.totalPages > 1 && (
                  <Pagination
                    sx={{ mt: 1 }}
                    count={listings.pagination.totalPages}
                    page={page}
                    onChange={(_e, p) => setParams(p > 1 ? { page: String(p) } : {})}
                    aria-label="Listing pages"
                  />
                )}
              </>
            ) : (
              <Typography color="text.secondary">No listings.</Typography>
            )}
          </Section>
          <Section
            title="Recent audit entries"
            action={
              <Stack direction="row" spacing={1}>
                <Button component={RouterLink} to={`/admin/aria?userId=${id}`} size="small">
                  Chats with ARIA
                </Button>
                <Button component={RouterLink} to={`/admin/audit?actor=${id}`} size="small">
                  All by this user
                </Button>
              </Stack>
            }
          >
            {data.recentAudit.length === 0 ? (
              <Typography color="text.secondary">Nothing recorded yet.</Typography>
            ) : (
              <TableContainer>
                <Table size="small" aria-label="Recent audit entries">
                  <TableBody>
                    {data.recentAudit.map((e) => (
                      <TableRow key={e._id}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDayTime(e.timestamp)}</TableCell>
                        <TableCell>
                          <SeverityChip severity={e.severity} />
                        </TableCell>
                        <TableCell sx={{ minWidth: 220 }}>{e.description}</TableCell>
                        <TableCell>
                          <EntityLink entity={e.entity} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Section>
        </>
      )}
    </Stack>
  );
}
