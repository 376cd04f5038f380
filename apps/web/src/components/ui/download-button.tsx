import { Download } from 'lucide-react';
import { useState } from 'react';
import { downloadWithToken } from '../../lib/file-transfer';
import { Button } from './button';
import { useToast } from './toast-context';

export const DOWNLOAD_FAILED = 'Failed to download the file. Please try again.';

/**
 * Saves a file that only its readers may fetch: it comes through the API client with the caller's
 * token (or the headers given, e.g. a guest's session), and a failure is told in a toast.
 */
export function DownloadButton({
  path,
  fileName,
  headers,
  label,
  failure = DOWNLOAD_FAILED,
}: {
  path: string;
  fileName: string;
  headers?: Record<string, string>;
  /** A visible label of its own (e.g. "Download Receipt"); by default "Download" plus the file's name for screen readers. */
  label?: string;
  failure?: string;
}) {
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadWithToken(path, fileName, headers);
    } catch {
      showToast({ title: failure, variant: 'error' });
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
      aria-label={label ? undefined : `Download ${fileName}`}
    >
      <Download aria-hidden="true" className="size-4" />
      {label ?? 'Download'}
    </Button>
  );
}
