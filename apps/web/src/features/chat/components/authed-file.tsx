import { fileKindOf, type ChatMessage } from '@teamhire/shared';
import { Download, FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast-context';
import { fetchFileBlob } from '../chat-api';
import { formatFileSize } from '../chat-format';

export const IMAGE_FAILED = 'Failed to load image';

/**
 * An image of the room, fetched with the token and shown through a blob URL: files are served to room members
 * only.
 */
export function AuthedImage({ path, alt }: { path: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchFileBlob(path, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      (error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true);
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  if (failed) return <p className="text-sm text-red-700">{IMAGE_FAILED}</p>;
  if (!url)
    return (
      <div
        aria-label="Loading image"
        role="img"
        className="h-32 w-48 animate-pulse rounded-lg bg-slate-200"
      />
    );
  return <img src={url} alt={alt} className="max-h-64 max-w-full rounded-lg" />;
}

/** Saves a room file through a blob, since the download needs the token too. */
export function DownloadButton({ message }: { message: ChatMessage }) {
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const name = message.file_name ?? 'file';
  async function download() {
    if (!message.file_url) return;
    setBusy(true);
    try {
      const blob = await fetchFileBlob(message.file_url);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      showToast({ title: 'Failed to download the file. Please try again.', variant: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={() => void download()}
      disabled={busy}
      aria-label={`Download ${name}`}
    >
      <Download aria-hidden="true" className="size-4" />
      Download
    </Button>
  );
}

export function FileAttachment({ message }: { message: ChatMessage }) {
  const name = message.file_name ?? 'file';
  const kind = message.file_kind ?? fileKindOf(name);
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-slate-900">
      <FileText aria-hidden="true" className="size-8 shrink-0 text-indigo-600" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{name}</p>
        <p className="text-xs text-slate-600">
          <span className="capitalize">{kind}</span>
          {message.file_size !== null ? ` · ${formatFileSize(message.file_size)}` : null}
        </p>
      </div>
      <DownloadButton message={message} />
    </div>
  );
}
