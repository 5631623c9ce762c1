import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import { useListAuthProvidersQuery } from '@/lib/api/generated';
import { socialLoginUrl } from '@/lib/config';
import { browserNavigation } from '@/lib/navigation';
import { keepForSocialSignIn, type ReturnTo } from '@/lib/return-to';

const PROVIDERS = {
  google: { label: 'Continue with Google', icon: <GoogleIcon /> },
  facebook: { label: 'Continue with Facebook', icon: <FacebookIcon /> },
} as const;

type Provider = keyof typeof PROVIDERS;

function isKnownProvider(p: string): p is Provider {
  return p in PROVIDERS;
}

/**
 * Social sign-in buttons, only for the providers the API reports as enabled. A return-to (the page the
 * login was asked from) is kept in this tab's sessionStorage for the callback page.
 */
export function SocialSignIn({ returnTo = null }: { returnTo?: ReturnTo | null }) {
  const { data } = useListAuthProvidersQuery();
  const providers = (data?.providers ?? []).filter(isKnownProvider);
  if (providers.length === 0) return null;
  return (
    <Stack spacing={1.5} sx={{ mt: 3 }}>
      <Divider>or</Divider>
      {providers.map((p) => (
        <Button
          key={p}
          variant="outlined"
          size="large"
          startIcon={PROVIDERS[p].icon}
          onClick={() => {
            keepForSocialSignIn(returnTo);
            browserNavigation.assign(socialLoginUrl(p));
          }}
        >
          {PROVIDERS[p].label}
        </Button>
      ))}
    </Stack>
  );
}
