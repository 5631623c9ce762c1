import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { APP_NAME } from '@/lib/config';

export interface LogoProps {
  /** Mark size in pixels. */
  size?: number;
  /** Show the product name beside the mark. */
  withName?: boolean;
  /** Show the name only from this breakpoint up (a phone's header has no room for it beside the buttons). */
  nameFrom?: 'sm';
}

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={`${APP_NAME} logo`}>
      <rect width="64" height="64" rx="14" fill="#0b6e4f" />
      <path d="M32 12 10 30h6v20h12V38h8v12h12V30h6z" fill="#fff" />
      <circle cx="46" cy="18" r="5" fill="#f4b400" />
    </svg>
  );
}

export function Logo({ size = 32, withName = true, nameFrom }: LogoProps) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <LogoMark size={size} />
      {withName && (
        <Typography component="span" variant="h6" sx={{ fontWeight: 700, color: 'inherit', lineHeight: 1, ...(nameFrom && { display: { xs: 'none', [nameFrom]: 'inline' } }) }}>
          {APP_NAME}
        </Typography>
      )}
    </Box>
  );
}
