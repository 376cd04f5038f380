import type { PackageStatus } from '@teamhire/shared';
import { ApiError } from '../../lib/api-client';
import {
  PACKAGE_CARD_TAGS,
  PACKAGE_CREATE_FAILED_TEXT,
  PACKAGE_EXCERPT_LENGTH,
  PACKAGE_STATUSES,
  PACKAGE_UPDATE_FAILED_TEXT,
} from '../../lib/contract-values';

/** The card shows the first 150 characters of the description, then an ellipsis, so cards keep one height. */
export function descriptionExcerpt(description: string, length = PACKAGE_EXCERPT_LENGTH): string {
  const text = description.trim();
  return text.length <= length ? text : `${text.slice(0, length).trimEnd()}...`;
}

/** The comma-separated tags of a package as a list, without empties. */
export function packageTags(tags: string): string[] {
  return tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** 4 tags, then '+N more' for the rest, so a card's tags fit one row. */
export function cardTags(
  tags: string,
  shown = PACKAGE_CARD_TAGS,
): { visible: string[]; more: string | null } {
  const all = packageTags(tags);
  const hidden = all.length - shown;
  return { visible: all.slice(0, shown), more: hidden > 0 ? `+${hidden} more` : null };
}

/** A status this screen does not know is shown as a draft, the state that promises the least. */
export function displayStatus(status: string): PackageStatus {
  return (PACKAGE_STATUSES as readonly string[]).includes(status) ? (status as PackageStatus) : 'draft';
}

export function deliveryText(days: number): string {
  return days === 1 ? '1 day delivery' : `${days} days delivery`;
}

/** The server's words when it sent some, else the screen's fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail && error.status < 500) return error.detail;
  return fallback;
}

export const createFailureMessage = (error: unknown) => failureMessage(error, PACKAGE_CREATE_FAILED_TEXT);
export const updateFailureMessage = (error: unknown) => failureMessage(error, PACKAGE_UPDATE_FAILED_TEXT);
