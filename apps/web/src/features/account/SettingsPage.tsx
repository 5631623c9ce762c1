import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { NotificationSettings } from '@/features/notifications/components/NotificationSettings';
import { selectCurrentUser, useAppSelector } from '@/lib/state/hooks';
import { AvatarUploader } from './components/AvatarUploader';
import { ConnectedAccounts } from './components/ConnectedAccounts';
import { PasswordForm } from './components/PasswordForm';
import { PreferencesPanel } from './components/PreferencesPanel';
import { ProfileForm } from './components/ProfileForm';

const TABS = [
  { id: 'account', label: 'Account' },
  { id: 'preferences', label: 'Preferences' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'password', label: 'Password' },
  { id: 'connections', label: 'Connected accounts' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function TabPanel({ id, active, children }: { id: TabId; active: boolean; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`settings-panel-${id}`} aria-labelledby={`settings-tab-${id}`} hidden={!active}>
      {active && <Box sx={{ p: { xs: 2, sm: 3 } }}>{children}</Box>}
    </div>
  );
}

export function SettingsPage() {
  const user = useAppSelector(selectCurrentUser);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = TABS.some((t) => t.id === requested) ? (requested as TabId) : 'account';
  // On a phone the tabs do not fit and the strip scrolls. Its arrows are there from the first render
  // there: with "auto" they appear only after MUI has scrolled the open tab into view, narrowing the
  // strip, which left e.g. "Connected accounts" half hidden behind the right arrow.
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });

  if (!user) return null;
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        Account settings
      </Typography>
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_, value: TabId) => setParams(value === 'account' ? {} : { tab: value }, { replace: true })}
          aria-label="Settings sections"
          variant="scrollable"
          scrollButtons={phone ? true : 'auto'}
          allowScrollButtonsMobile
        >
          {TABS.map((t) => (
            <Tab
              key={t.id}
              value={t.id}
              label={t.label}
              id={`settings-tab-${t.id}`}
              aria-controls={`settings-panel-${t.id}`}
            />
          ))}
        </Tabs>
        <Divider />
        <TabPanel id="account" active={tab === 'account'}>
          <AvatarUploader user={user} />
          <Divider sx={{ my: 3 }} />
          <ProfileForm user={user} />
        </TabPanel>
        <TabPanel id="preferences" active={tab === 'preferences'}>
          <PreferencesPanel user={user} />
        </TabPanel>
        <TabPanel id="notifications" active={tab === 'notifications'}>
          <NotificationSettings />
        </TabPanel>
        <TabPanel id="password" active={tab === 'password'}>
          <PasswordForm user={user} />
        </TabPanel>
        <TabPanel id="connections" active={tab === 'connections'}>
          <ConnectedAccounts />
        </TabPanel>
      </Paper>
    </Container>
  );
}
