import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import TableViewOutlinedIcon from '@mui/icons-material/TableViewOutlined';
import { selectAuth, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { downloadReport, type ReportExportFormat } from './export';
import type { ReportArgs } from './market-api';

/** Export PDF and Export CSV: the report's file from POST /bi/export/{format}; a failure says "Failed to export file: …". */
export function ExportButtons({ args }: { args: ReportArgs }) {
  const { token } = useAppSelector(selectAuth);
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<ReportExportFormat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (format: ReportExportFormat) => {
    setBusy(format);
    setFailure(null);
    try {
      const fileName = await downloadReport(format, args, token);
      dispatch(toast.success('Report downloaded', fileName));
    } catch (e) {
      setFailure((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button variant="outlined" startIcon={<PictureAsPdfOutlinedIcon />} onClick={() => void run('pdf')} disabled={busy !== null}>
        {busy === 'pdf' ? 'Exporting…' : 'Export PDF'}
      </Button>
      <Button variant="outlined" startIcon={<TableViewOutlinedIcon />} onClick={() => void run('csv')} disabled={busy !== null}>
        {busy === 'csv' ? 'Exporting…' : 'Export CSV'}
      </Button>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ flexBasis: '100%' }}>
          {failure}
        </Alert>
      )}
    </>
  );
}
