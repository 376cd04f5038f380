export type UploadState = 'uploading' | 'completed' | 'error';

export interface UploadItem {
  id: string;
  name: string;
  progress: number;
  state: UploadState;
  error?: string;
}

/** One row per file, uploading with progress, then completed or error. */
export function UploadItems({ items }: { items: readonly UploadItem[] }) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Uploads" className="flex flex-col gap-2 border-t border-slate-200 px-4 py-2">
      {items.map((item) => {
        const percent = Math.round(item.progress * 100);
        return (
          <li key={item.id} className="text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="truncate font-medium">{item.name}</span>
              <span className={item.state === 'error' ? 'text-red-700' : 'text-slate-600'}>
                {item.state === 'uploading'
                  ? `${percent}%`
                  : item.state === 'completed'
                    ? 'Uploaded'
                    : 'Failed'}
              </span>
            </div>
            {item.state === 'uploading' ? (
              <div
                role="progressbar"
                aria-label={`Uploading ${item.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
              </div>
            ) : null}
            {item.state === 'error' && item.error ? (
              <p role="alert" className="mt-1 text-red-700">
                {item.error}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
