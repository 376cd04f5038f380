export const notificationQueryKeys = {
  all: ['notifications'] as const,
  bell: ['notifications', 'bell'] as const,
};
