import { useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';
import { messageFromBody } from '@/lib/api/errors';
import { selectAuth, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';

/** The file name of a Content-Disposition header ("attachment; filename=..."), if any. */
export function fileNameOf(disposition: string | null): string | null {
  const match = disposition && /filename="?([^";]+)"?/i.exec(disposition);
  return match ? match[1] : null;
}

/**
 * Downloads a payment's receipt (GET /api/payment/{id}/receipt, a PDF only its payer and staff may read):
 * fetched with the session's bearer token as every API call is, then saved from an object URL.
 */
export async function downloadReceipt(paymentId: string, token: string | null, fallbackName: string): Promise<void> {
  const res = await fetch(`/api/payment/${encodeURIComponent(paymentId)}/receipt`, {
    headers: { accept: 'application/pdf', ...(token && { authorization: `Bearer ${token}` }) },
  });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new Error(messageFromBody(body) ?? `HTTP error! status: ${res.status}`);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res.headers.get('content-disposition')) ?? fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the download has its own copy once it started
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface ReceiptButtonProps extends Omit<ButtonProps, 'onClick'> {
  paymentId: string;
  reference: string;
}

/** "Download receipt" for a paid payment; a failure shows as a toast. */
export function ReceiptButton({ paymentId, reference, children = 'Download receipt', ...props }: ReceiptButtonProps) {
  const { token } = useAppSelector(selectAuth);
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadReceipt(paymentId, token, `receipt-${reference}.pdf`);
    } catch (error) {
      dispatch(toast.error('Could not download the receipt', (error as Error).message));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button startIcon={<DownloadIcon />} {...props} onClick={() => void download()} disabled={busy || props.disabled}>
      {children}
    </Button>
  );
}
