import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** What a viewer sees on the identity-check pages (the API answers them 403: IDs are sensitive personal information). */
export function StaffOnlyNotice() {
  return (
    <Alert severity="warning" data-testid="kyc-forbidden">
      <AlertTitle>403 · Admins only</AlertTitle>
      Identity documents are sensitive personal information (Data Privacy Act): only admins review them. Viewers cannot open identity checks.
    </Alert>
  );
}
