import { MONEY_TEXTS } from '@teamhire/shared';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { downloadWithToken } from '../../lib/file-transfer';
import { Button } from '../ui/button';
import { useToast } from '../ui/toast-context';

export const RECEIPT_DOWNLOAD_FAILED = 'Failed to download the receipt. Please try again.';

export const receiptFileName = (paymentId: number) => `teamhire-receipt-${paymentId}.pdf`;

/**
 * The PDF receipt of a payment that took money (completed, or refunded since), downloaded through
 * the API client as the receipt needs the access token; order details and payment history show it.
 */
export function DownloadReceiptButton({ paymentId }: { paymentId: number }) {
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadWithToken(`/api/payments/${paymentId}/receipt`, receiptFileName(paymentId));
    } catch {
      showToast({ title: RECEIPT_DOWNLOAD_FAILED, variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => void download()}
    >
      <FileDown aria-hidden="true" className="size-4" />
      {MONEY_TEXTS.downloadReceipt}
    </Button>
  );
}
