import { initialsOf } from '../chat-format';

/** A profile picture when there is one, else the initials; decorative next to the name. */
export function Avatar({ name, src }: { name: string; src: string | null }) {
  if (src) return <img src={src} alt="" className="size-8 rounded-full object-cover" />;
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-800"
    >
      {initialsOf(name)}
    </span>
  );
}
