import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PackageStatusBadge } from './package-status-badge';

describe('PackageStatusBadge', () => {
  // The contract's schema refuses such a package at the API client; the badge still has its fallback.
  it('reads Draft for a status it does not know', () => {
    render(<PackageStatusBadge status="archived" />);
    expect(screen.getByText('Draft')).toBeTruthy();
  });
});
