import { usePackageReviews } from '../api/get-reviews';
import { ReviewsSection } from './reviews-section';

/** For the package detail page: what buyers of this package said (decision B4). */
export function PackageReviews({ packageId }: { packageId: number }) {
  return <ReviewsSection reviews={usePackageReviews(packageId)} showPackage={false} />;
}
