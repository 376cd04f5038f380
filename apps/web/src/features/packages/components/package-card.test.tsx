import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { packageFixture } from '../package-fixtures';
import { PackageCard } from './package-card';

const cover = {
  src: '/uploads/images/abc/400.webp',
  srcset: '/uploads/images/abc/400.webp 400w, /uploads/images/abc/800.webp 800w',
  width: 400,
  height: 267,
};

describe('PackageCard', () => {
  it('shows the cover image lazily with srcset, sizes, its size and alt, and the rating with the review count', () => {
    renderWithProviders(
      <ul>
        <PackageCard item={packageFixture({ cover_image: cover, average_rating: 4.6, review_count: 12 })} />
      </ul>,
    );
    const card = screen.getByRole('article', { name: 'Landing page in a week' });
    const image = within(card).getByRole('img', { name: 'Preview of Landing page in a week' });
    expect(image.getAttribute('src')).toBe(cover.src);
    expect(image.getAttribute('srcset')).toBe(cover.srcset);
    expect(image.getAttribute('sizes')).toContain('360px');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('width')).toBe('400');
    expect(image.getAttribute('height')).toBe('267');
    expect(within(card).getByRole('img', { name: '4.6 out of 5 stars' })).toBeTruthy();
    expect(within(card).getByText('4.6 (12 reviews)')).toBeTruthy();
  });

  it('shows a placeholder without an image and says there are no reviews yet', () => {
    renderWithProviders(
      <ul>
        <PackageCard item={packageFixture()} />
      </ul>,
    );
    const card = screen.getByRole('article', { name: 'Landing page in a week' });
    expect(within(card).queryByRole('img')).toBeNull();
    expect(within(card).getByText('No reviews yet')).toBeTruthy();
  });
});
