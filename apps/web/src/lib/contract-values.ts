/**
 * Values of the contract that the public pages need, repeated from @teamhire/shared: there they share
 * a module with zod schemas, and importing one would make the page download and run the whole
 * validation library before it can show anything (docs/decisions/0041-pre-rendered-pages.md).
 * contract-values.test.ts checks each against the shared value.
 */
export const PACKAGE_STATUSES = ['draft', 'published', 'unpublished'] as const;
export const PACKAGE_EXCERPT_LENGTH = 150;
export const PACKAGE_CARD_TAGS = 4;
export const PACKAGE_NOT_FOUND_TEXT = 'Service Package Not Found';
export const PACKAGE_CREATE_FAILED_TEXT = 'Failed to create service package';
export const PACKAGE_UPDATE_FAILED_TEXT = 'Failed to update package';
export const REVIEW_RATING_MAX = 5;
export const CHAT_START_FAILED_TEXT = 'Failed to start chat. Please try again.';
