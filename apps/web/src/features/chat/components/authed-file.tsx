import { fileKindOf, type ChatMessage } from '@teamhire/shared';
import { FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DownloadButton as SharedDownloadButton } from '../../../components/ui/download-button';
import { fetchFileBlob, fileRequestHeaders } from '../chat-api';
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

/** Saves a room file: a member sends their token, a guest their session header. */
export function DownloadButton({ message }: { message: ChatMessage }) {
  if (!message.file_url) return null;
  return (
    <SharedDownloadButton
      path={message.file_url}
      fileName={message.file_name ?? 'file'}
      headers={fileRequestHeaders()}
    />
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
