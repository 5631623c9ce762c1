import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import { Logo } from '@/components/ui/Logo';
import { selectCurrentUser, useAppSelector } from '@/lib/state/hooks';
import { FindPropertyLink } from './FindPropertyLink';

export { fullName, initials } from './user-names';

const MemberNav = lazy(() => import('./MemberNav').then((m) => ({ default: m.MemberNav })));
// the currency button (and the preference it reads) loads beside the page, in a box of its size
const CurrencySelector = lazy(() => import('./CurrencySelector').then((m) => ({ default: m.CurrencySelector })));

export function AppHeader() {
  const user = useAppSelector(selectCurrentUser);
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 2 } }}>
        <Box component={RouterLink} to="/" sx={{ color: 'primary.main', textDecoration: 'none', display: 'flex', flexShrink: 0 }}>
          <Logo size={32} nameFrom="sm" />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <Suspense fallback={<Box sx={{ width: 48, height: 36 }} aria-hidden />}>
          <CurrencySelector />
        </Suspense>
        {user ? (
          <Suspense fallback={<Box sx={{ width: 36, height: 36 }} aria-hidden />}>
            <MemberNav user={user} />
          </Suspense>
        ) : (
          <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 1 }}>
            <FindPropertyLink />
            <Button component={RouterLink} to="/login" sx={{ whiteSpace: 'nowrap' }}>
              Log in
            </Button>
            <Button component={RouterLink} to="/signup" variant="contained" sx={{ whiteSpace: 'nowrap' }}>
              Sign up
            </Button>
          </Box>
        )}
      </Toolbar>
    </AppBar>
  );
}
