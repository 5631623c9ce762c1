import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { selectCurrentUser, useAppSelector } from '@/lib/state/hooks';
import { KycSection } from './KycSection';
import { LicenceSection, SupervisedSection } from './LicenceSection';

/** /verification: the member's identity verification (KYC), PRC licence and, for brokers, their salespersons. */
export function VerificationPage() {
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        Verification
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Buyers and renters look for verified members and licensed professionals. Badges show on your listings.
      </Typography>
      <Stack spacing={3}>
        <KycSection />
        <LicenceSection type={user.type} />
        {user.type === 'broker' && <SupervisedSection />}
      </Stack>
    </Container>
  );
}
