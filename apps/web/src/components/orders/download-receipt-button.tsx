import { MONEY_TEXTS } from '@teamhire/shared';
import { DownloadButton } from '../ui/download-button';

export const RECEIPT_DOWNLOAD_FAILED = 'Failed to download the receipt. Please try again.';

export const receiptFileName = (paymentId: number) => `teamhire-receipt-${paymentId}.pdf`;

/**
 * The PDF receipt of a payment that took money (completed, or refunded since); order details and
 * payment history show it.
 */
export function DownloadReceiptButton({ paymentId }: { paymentId: number }) {
  return (
    <DownloadButton
      path={`/api/payments/${paymentId}/receipt`}
      fileName={receiptFileName(paymentId)}
      label={MONEY_TEXTS.downloadReceipt}
      failure={RECEIPT_DOWNLOAD_FAILED}
    />
  );
}
