import { orderFileUrl, type Delivery, type OrderFile } from '@teamhire/shared';
import { FileText } from 'lucide-react';
import { formatDateTime } from '../../lib/format';
import { DownloadButton } from '../ui/download-button';

/** '512 B', '3.4 KB', '12.0 MB', '1.00 GB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

function DeliveryFile({ orderId, file }: { orderId: number; file: OrderFile }) {
  return (
    <li className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
      <FileText aria-hidden="true" className="size-6 shrink-0 text-indigo-600" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{file.file_name}</p>
        <p className="text-xs text-slate-600">{formatFileSize(file.size)}</p>
      </div>
      <DownloadButton path={orderFileUrl(orderId, file.id)} fileName={file.file_name} />
    </li>
  );
}

/** The team's deliveries, newest first, each with its message and its files to download. */
export function DeliveriesList({
  orderId,
  deliveries,
}: {
  orderId: number;
  deliveries: readonly Delivery[];
}) {
  return (
    <section
      aria-labelledby="deliveries-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="deliveries-title" className="text-lg font-semibold text-slate-900">
        Deliveries
      </h2>
      {deliveries.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No work has been delivered yet.</p>
      ) : (
        <ol aria-label="Deliveries" className="mt-4 flex flex-col gap-4">
          {deliveries
            .map((delivery, index) => ({ delivery, number: index + 1 }))
            .reverse()
            .map(({ delivery, number }) => (
              <li key={delivery.id} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
                <h3 className="text-sm font-semibold text-slate-900">{`Delivery #${number}`}</h3>
                <p className="text-xs text-slate-600">
                  <time dateTime={delivery.created_at}>{formatDateTime(delivery.created_at)}</time>
                </p>
                <p className="mt-2 text-sm whitespace-pre-line text-slate-800">{delivery.message}</p>
                {delivery.files.length > 0 ? (
                  <ul aria-label={`Files of delivery #${number}`} className="mt-3 flex flex-col gap-2">
                    {delivery.files.map((file) => (
                      <DeliveryFile key={file.id} orderId={orderId} file={file} />
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
        </ol>
      )}
    </section>
  );
}
