const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

/**
 * The en-US formats below are written out by hand for the values the app shows (whole numbers, dollar
 * amounts, dates of this era): building the first Intl formatter loads the locale data, which costs a
 * phone tens of milliseconds on the first page. Anything else goes to Intl, made on first use; the
 * tests check both paths against Intl.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Beyond these, a number is written with an exponent, or its cents no longer fit a double exactly. */
const PLAIN_NUMBER_LIMIT = 1e15;
const MONEY_LIMIT = 1e13;

let numberFormatter: Intl.NumberFormat | undefined;
let moneyFormatter: Intl.NumberFormat | undefined;
let dateFormatter: Intl.DateTimeFormat | undefined;
let monthFormatter: Intl.DateTimeFormat | undefined;

/** '1234567' to '1,234,567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** A finite number that is not -0, small enough for toFixed to write it like Intl does. */
function isPlain(value: number): boolean {
  return Math.abs(value) < PLAIN_NUMBER_LIMIT && !Object.is(value, -0);
}

function isFourDigitYear(year: number): boolean {
  return year >= 1000 && year <= 9999;
}

export function formatNumber(value: number): string {
  if (Number.isInteger(value) && isPlain(value)) {
    const grouped = groupThousands(String(Math.abs(value)));
    return value < 0 ? `-${grouped}` : grouped;
  }
  numberFormatter ??= new Intl.NumberFormat('en-US');
  return numberFormatter.format(value);
}

/** Amounts arrive as decimal US dollars with at most two decimals (the server stores cents). */
export function formatMoney(amount: number): string {
  if (Math.abs(amount) < MONEY_LIMIT && !Object.is(amount, -0)) {
    const cents = roundedCents(Math.abs(amount));
    const whole = groupThousands(String(Math.floor(cents / 100)));
    return `${amount < 0 ? '-' : ''}$${whole}.${String(cents % 100).padStart(2, '0')}`;
  }
  moneyFormatter ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return moneyFormatter.format(amount);
}

/**
 * Whole cents of a non-negative amount, rounded half up the way Intl does it: on the number's shortest
 * decimal form ('1.005' gives 101), not on its binary value (which is a little below 1.005).
 */
function roundedCents(amount: number): number {
  const text = String(amount);
  // Only amounts below a millionth are written with an exponent; they round to nothing.
  if (text.includes('e')) return 0;
  const [whole = '0', fraction = ''] = text.split('.');
  const digits = fraction.padEnd(3, '0');
  return Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
}

export function formatDate(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  // An invalid date has NaN for a year: Intl then throws its RangeError.
  if (isFourDigitYear(date.getFullYear())) {
    return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
  }
  dateFormatter ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
  return dateFormatter.format(date);
}

/** 'Just now', 'Nm ago', 'Nh ago', 'Nd ago', then a date. */
export function formatRelativeTime(value: Date | string, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  if (elapsed < WEEK_MS) return `${Math.floor(elapsed / DAY_MS)}d ago`;
  return formatDate(date);
}

/** 'YYYY-MM' (the statistics timeline label) to 'Jan 2025'; anything else is shown as it came. */
export function formatMonthLabel(label: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(label);
  if (!match) return label;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month < 1 || month > 12) return label;
  if (isFourDigitYear(year)) return `${MONTHS[month - 1]} ${year}`;
  monthFormatter ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', timeZone: 'UTC' });
  return monthFormatter.format(new Date(Date.UTC(year, month - 1, 1)));
}

/** 'Jun 1, 2025, 10:05 AM': when something happened on an order, where the hour matters. */
export function formatDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${formatDate(date)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}
