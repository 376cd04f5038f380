import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The time left on an offer, to the two largest units: 'Expires in 6 days 23 h', 'Expires in 4 h
 * 5 min', 'Expires in 3 min', 'Expires in less than a minute'; 'Expired' once the time is over.
 */
export function formatExpiry(expiresAt: string, now: number): string {
  const left = new Date(expiresAt).getTime() - now;
  if (!(left > 0)) return 'Expired';
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS);
  if (days > 0) return `Expires in ${plural(days, 'day', 'days')}${hours > 0 ? ` ${hours} h` : ''}`;
  if (hours > 0) return `Expires in ${hours} h${minutes > 0 ? ` ${minutes} min` : ''}`;
  if (minutes > 0) return `Expires in ${minutes} min`;
  return 'Expires in less than a minute';
}

/** The clock, read again every `everyMs` while the component is shown, so a countdown moves. */
export function useNow(everyMs: number = MINUTE_MS / 2): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
