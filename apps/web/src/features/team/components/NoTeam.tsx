import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ENTERPRISE_DEFAULT_SEATS } from '@app/domain';
import { FormTextField } from '@/components/ui/FormTextField';
import { errorMessage } from '@/lib/api/errors';
import { SALES_LINK } from '@/features/billing/sales';
import { useTeamCreateMutation } from '../team-api';

/** What a team is, for a member in none; with an active Enterprise plan, "Create your team". */
export function NoTeam({ hasEnterprisePlan }: { hasEnterprisePlan: boolean }) {
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Teams on Tahanan
        </Typography>
        <Typography color="text.secondary" component="div">
          A team is an Enterprise account for a brokerage or a developer&apos;s sales team: an owner, admins and members who
          <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
            <li>share one pool of AI credits, each within a monthly cap the admins set;</li>
            <li>post listings that belong to the team, and hand them over when someone leaves;</li>
            <li>are followed on a team dashboard: listings, inquiries, response times and credits used per member.</li>
          </Box>
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          You are not in a team. To join one, ask its owner or an admin for an invitation.
        </Typography>
      </Paper>
      {hasEnterprisePlan ? (
        <CreateTeam />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Start a team
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Teams come with the Enterprise plan ({ENTERPRISE_DEFAULT_SEATS} seats unless agreed otherwise).
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button component={RouterLink} to="/plans" variant="contained">
              See plans
            </Button>
            <Button href={SALES_LINK} variant="outlined">
              Contact sales
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function CreateTeam() {
  const [create, { isLoading, error }] = useTeamCreateMutation();
  const { control, handleSubmit } = useForm<{ name: string }>({
    defaultValues: { name: '' },
  });
  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await create({ createEnterpriseDto: { name: name.trim() } }).unwrap();
    } catch {
      // shown from the mutation state
    }
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Create your team
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Your Enterprise plan includes a team. You will be its owner; invite members once it exists.
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Create your team">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
          <FormTextField
            control={control}
            name="name"
            label="Team name"
            placeholder="e.g. Loyola Realty"
            rules={{
              validate: (v: string) => (v.trim().length >= 2 ? true : 'Enter the team name (at least 2 characters)'),
              maxLength: { value: 120, message: 'At most 120 characters' },
            }}
          />
          <Button type="submit" variant="contained" disabled={isLoading} sx={{ flexShrink: 0, height: 56 }}>
            Create team
          </Button>
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(error)}
          </Alert>
        )}
      </Box>
    </Paper>
  );
}
