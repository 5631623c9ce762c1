import { Link as RouterLink } from 'react-router';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { AuditEntityDto } from '@/lib/api/generated';
import { SEVERITY_COLORS, SEVERITY_LABELS, type Severity } from './labels';

export function SeverityChip({ severity }: { severity: Severity }) {
  const c = SEVERITY_COLORS[severity];
  return (
    <Chip
      size="small"
      label={SEVERITY_LABELS[severity]}
      data-severity={severity}
      sx={{ bgcolor: c.bg, color: c.fg, fontWeight: 600, minWidth: 72 }}
    />
  );
}

/** Where an audit entity leads in the console: a user to its page, a listing to its review page. */
export function entityPath(entity: AuditEntityDto | null | undefined): string | null {
  if (!entity) return null;
  if (entity.kind === 'user' || entity.kind === 'credits') return `/admin/users/${entity.id}`;
  if (entity.kind === 'listing') return `/admin/listings/${entity.id}/review`;
  if (entity.kind === 'export') return `/admin/exports/${entity.id}`;
  if (entity.kind === 'import') return `/admin/imports/${entity.id}`;
  return null;
}

export function EntityLink({ entity }: { entity: AuditEntityDto | null | undefined }) {
  if (!entity) return <>—</>;
  const to = entityPath(entity);
  const text = `${entity.kind.replace('_', ' ')} ${entity.id.slice(0, 8)}`;
  return to ? (
    <Link component={RouterLink} to={to} onClick={(e) => e.stopPropagation()}>
      {text}
    </Link>
  ) : (
    <span title={entity.id}>{text}</span>
  );
}
