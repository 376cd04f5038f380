/** Limits and constants of the product; the API and the web forms both read them from here. */
export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 100;

export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_COMPANY_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;
/** Contact submissions accepted per address per hour. */
export const CONTACT_RATE_LIMIT_PER_HOUR = 5;

export const CONTACT_SUCCESS_CLEAR_MS = 5000;
export const HEALTH_POLL_MS = 30_000;
export const FADE_IN_VISIBLE_RATIO = 0.1;
export const HEADER_SCROLLED_PX = 50;
export const STATISTICS_CHART_HEIGHT_PX = 300;
export const STATISTICS_TIMELINE_MONTHS = 12;

/** Client cache lifetimes: how long an answer may be shown before it is fetched again. */
export const STALE_TIME = {
  serviceCategories: 5 * 60_000,
  technologies: 5 * 60_000,
  statistics: 60_000,
} as const;
