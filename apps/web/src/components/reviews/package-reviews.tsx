import { useDeferredValue } from 'react';
import { usePackageReviews } from '../../lib/queries/get-reviews';
import { ReviewsSection } from './reviews-section';

/** For the package detail page: what buyers of this package said (one review per completed order). */
export function PackageReviews({ packageId }: { packageId: number }) {
  // Drawn in a deferred render, cut into short tasks, rather than all at once when the data arrives.
  const reviews = useDeferredValue(usePackageReviews(packageId));
  return <ReviewsSection reviews={reviews} showPackage={false} />;
}
