export const STATISTICS_TEXTS = {
  loading: 'Loading statistics...',
  chartTitle: 'Completed Projects Over Time',
} as const;
