/** How far an upload has gone, as a bar a screen reader reads as a percentage. */
export function UploadProgress({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm text-slate-700">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full bg-indigo-600 transition-[width] motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span aria-hidden="true" className="w-10 shrink-0 text-right tabular-nums">{`${percent}%`}</span>
    </div>
  );
}
