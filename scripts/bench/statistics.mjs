// The bench's summaries of a set of measurements, one copy for every part.

/** The value at quantile `q` of ascending `sorted` values (the nearest rank below); undefined for none. */
export const quantile = (sorted, q) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : undefined;

/** The middle value (the upper middle of an even count), missing values left out; undefined for none. */
export const median = (values) =>
  quantile(
    values.filter((value) => value !== undefined).sort((a, b) => a - b),
    0.5,
  );

/** One decimal place; undefined stays undefined. */
export const round1 = (value) => (value === undefined ? undefined : Math.round(value * 10) / 10);
