import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { SAVED_SEARCH_ALERT_LABELS, SAVED_SEARCH_ALERTS, type SavedSearchAlert } from '@app/domain';

export interface AlertFrequencyToggleProps {
  value: SavedSearchAlert;
  onChange: (value: SavedSearchAlert) => void;
  /** The group's accessible name, e.g. "Alerts for Condos in Makati". */
  label: string;
  disabled?: boolean;
}

/** Off / Instant / Daily: how a saved search alerts its member of new listings (one choice, never none). */
export function AlertFrequencyToggle({ value, onChange, label, disabled }: AlertFrequencyToggleProps) {
  return (
    <ToggleButtonGroup
      value={value}
      exclusive
      size="small"
      color="primary"
      aria-label={label}
      disabled={disabled}
      onChange={(_e, next: SavedSearchAlert | null) => {
        if (next && next !== value) onChange(next);
      }}
    >
      {SAVED_SEARCH_ALERTS.map((alert) => (
        <ToggleButton key={alert} value={alert} sx={{ px: 1.5, py: 0.25 }}>
          {SAVED_SEARCH_ALERT_LABELS[alert]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
