import { orderFileSchema, type OrderFile } from '@teamhire/shared';
import { uploadWithProgress, type UploadHandle } from '../../../lib/file-transfer';

/** One file for a delivery, sent before the delivery that names it. */
export function uploadOrderFile(
  orderId: number,
  file: File,
  onProgress: (fraction: number) => void,
): UploadHandle<OrderFile> {
  return uploadWithProgress(`/api/orders/${orderId}/files`, file, orderFileSchema, onProgress);
}
