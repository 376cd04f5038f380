/** How the public team page words its figures; each takes null for "nothing happened yet". */

const MINUTE_SECONDS = 60;
const HOUR_SECONDS = 60 * MINUTE_SECONDS;
const DAY_SECONDS = 24 * HOUR_SECONDS;

/** The median first answer in chat: 'Under a minute', '25 min', '3 h', '2 days'. */
export function responseTimeText(seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < MINUTE_SECONDS) return 'Under a minute';
  if (seconds < HOUR_SECONDS) return `${Math.round(seconds / MINUTE_SECONDS)} min`;
  if (seconds < DAY_SECONDS) return `${Math.round(seconds / HOUR_SECONDS)} h`;
  const days = Math.round(seconds / DAY_SECONDS);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** 0.916 to '92%'. */
export function percentText(rate: number | null): string | null {
  return rate === null ? null : `${Math.round(rate * 100)}%`;
}

/** Up to two letters for a logo without a picture: 'Pixel Forge Studio' gives 'PF'. */
export function teamInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '').slice(0, 2);
  return letters.toUpperCase() || '?';
}

/** Written out whole, so that Tailwind finds every class in the source. */
const BANNERS = [
  'from-indigo-600 via-violet-600 to-fuchsia-500',
  'from-sky-600 via-cyan-600 to-teal-500',
  'from-emerald-600 via-teal-600 to-cyan-600',
  'from-amber-500 via-orange-600 to-rose-600',
  'from-rose-600 via-pink-600 to-purple-600',
  'from-slate-700 via-indigo-700 to-sky-600',
] as const;

/** A banner gradient chosen by the team's category, the same for every team of that category. */
export function bannerGradient(category: { id: number } | null): string {
  return BANNERS[(category?.id ?? 0) % BANNERS.length]!;
}
