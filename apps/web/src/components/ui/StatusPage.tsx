import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Logo } from './Logo';

export type StatusAction =
  | { label: string; to: string; onClick?: never }
  | { label: string; onClick: () => void; to?: never };

export interface StatusPageProps {
  title: string;
  subtitle?: string;
  message?: string;
  action?: StatusAction;
  icon?: ReactNode;
  /** A live line under the button ('' keeps the region, empty, so screen readers hear it change). */
  status?: string;
  /** Fill the whole viewport (status routes, offline screen). */
  fullScreen?: boolean;
  'data-testid'?: string;
}

/** Status page layout: logo, title, subtitle, message and one button (an action or a link). */
export function StatusPage({ title, subtitle, message, action, icon, status, fullScreen = true, ...rest }: StatusPageProps) {
  return (
    <Box
      component="main"
      data-testid={rest['data-testid'] ?? 'status-page'}
      sx={{
        minHeight: fullScreen ? '100vh' : 'auto',
        py: fullScreen ? 0 : 6,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        px: 2,
      }}
    >
      <Paper variant="outlined" sx={{ maxWidth: 520, width: '100%', p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Logo size={48} />
          {icon && <Box sx={{ color: 'text.secondary', fontSize: 56, display: 'flex' }}>{icon}</Box>}
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="subtitle1" component="p" color="text.secondary" sx={{ fontWeight: 600 }}>
              {subtitle}
            </Typography>
          )}
          {message && (
            <Typography variant="body1" color="text.secondary">
              {message}
            </Typography>
          )}
          {action &&
            (action.to !== undefined ? (
              <Button variant="contained" size="large" component={RouterLink} to={action.to}>
                {action.label}
              </Button>
            ) : (
              <Button variant="contained" size="large" onClick={action.onClick}>
                {action.label}
              </Button>
            ))}
          {status !== undefined && (
            <Typography role="status" aria-live="polite" variant="body2" color="text.secondary" sx={{ minHeight: '1.5em' }}>
              {status}
            </Typography>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
