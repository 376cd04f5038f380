import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  cardTags,
  createFailureMessage,
  descriptionExcerpt,
  displayStatus,
  packageTags,
} from './package-display';

describe('package display rules', () => {
  it('cuts the description after 150 characters with an ellipsis, and keeps a short one whole', () => {
    const long = 'a'.repeat(151);
    expect(descriptionExcerpt(long)).toBe(`${'a'.repeat(150)}...`);
    expect(descriptionExcerpt('b'.repeat(150))).toBe('b'.repeat(150));
    expect(descriptionExcerpt('  short text  ')).toBe('short text');
  });

  it('shows 4 tags then +N more', () => {
    expect(cardTags('a,b,c,d,e,f')).toEqual({ visible: ['a', 'b', 'c', 'd'], more: '+2 more' });
    expect(cardTags('a, b ,c,d')).toEqual({ visible: ['a', 'b', 'c', 'd'], more: null });
    expect(cardTags('')).toEqual({ visible: [], more: null });
    expect(packageTags(' x,,y ')).toEqual(['x', 'y']);
  });

  it('shows an unknown status as draft', () => {
    expect(displayStatus('published')).toBe('published');
    expect(displayStatus('unpublished')).toBe('unpublished');
    expect(displayStatus('archived')).toBe('draft');
    expect(displayStatus('')).toBe('draft');
  });

  it("uses the server's words for a refusal and the fallback otherwise", () => {
    expect(createFailureMessage(new ApiError(403, 'Only a verified admin'))).toBe('Only a verified admin');
    expect(createFailureMessage(new ApiError(500, 'Internal'))).toBe('Failed to create service package');
    expect(createFailureMessage(new Error('boom'))).toBe('Failed to create service package');
  });
});
