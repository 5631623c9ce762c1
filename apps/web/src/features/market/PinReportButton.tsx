import Button from '@mui/material/Button';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import { pinArgs, pinOfReport } from '@/features/pins/pins';
import { usePins } from '@/features/pins/use-pins';

export interface PinnableReport {
  group: string;
  area: string;
  areaName: string;
  /** "Demographics: Bel-Air, Makati City" */
  name: string;
  /** The report's address (/market/{area}/{group}?…): one pin per address. */
  href: string;
}

/** "Pin to dashboard" / "Pinned" for a report (signed-in members only). */
export function PinReportButton({ report }: { report: PinnableReport }) {
  const { user, items, ready, busy, pin, unpin } = usePins();
  if (!user) return null;
  const current = pinOfReport(items, report.href);
  const onClick = () => (current ? unpin(current, report.name) : pin(pinArgs.report(user._id, report), report.name));
  return (
    <Button
      variant={current ? 'contained' : 'outlined'}
      color={current ? 'secondary' : 'primary'}
      startIcon={current ? <PushPinIcon /> : <PushPinOutlinedIcon />}
      onClick={() => void onClick()}
      disabled={!ready || busy}
      aria-pressed={!!current}
    >
      {current ? 'Pinned to dashboard' : 'Pin to dashboard'}
    </Button>
  );
}
