import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { KYC_ID_TYPE_LABELS } from '@app/domain';
import { KYC_STATUS_SHORT, formatDay } from './kyc-rules';
import type { KycSubmission } from './types';

/** Older submissions, newest first: ID, status and date. */
export function KycHistory({ history }: { history: KycSubmission[] }) {
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="kyc-history-title">
      <Typography id="kyc-history-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        Earlier submissions
      </Typography>
      <List dense disablePadding aria-label="Earlier submissions">
        {history.map((s) => (
          <ListItem key={s._id} disableGutters divider secondaryAction={<Chip size="small" label={KYC_STATUS_SHORT[s.status] ?? s.status} />}>
            <ListItemText
              sx={{ pr: 12 }}
              primary={`${KYC_ID_TYPE_LABELS[s.idType] ?? s.idType}${s.idNumberLast4 ? ` ending in ${s.idNumberLast4}` : ''}`}
              secondary={formatDay(s.submittedAt ?? s.createdAt)}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
