import * as shared from '@teamhire/shared';
import { describe, expect, it } from 'vitest';
import * as repeated from './contract-values';

describe('the contract values repeated for the public pages', () => {
  it('are the values of @teamhire/shared', () => {
    expect({ ...repeated }).toEqual({
      PACKAGE_STATUSES: shared.PACKAGE_STATUSES,
      PACKAGE_EXCERPT_LENGTH: shared.PACKAGE_EXCERPT_LENGTH,
      PACKAGE_CARD_TAGS: shared.PACKAGE_CARD_TAGS,
      PACKAGE_NOT_FOUND_TEXT: shared.PACKAGE_TEXTS.notFound,
      PACKAGE_CREATE_FAILED_TEXT: shared.PACKAGE_TEXTS.createFailed,
      PACKAGE_UPDATE_FAILED_TEXT: shared.PACKAGE_TEXTS.updateFailed,
      REVIEW_RATING_MAX: shared.REVIEW_RATING_MAX,
      CHAT_START_FAILED_TEXT: shared.CHAT_TEXTS.startFailed,
    });
  });
});
