/**
 * RESERVED SLOT: the reviews list of a package (decision B4) goes here. Another helper builds the
 * reviews and replaces this body; the detail page already renders it in the right place, below the
 * package information, with the ids it will need.
 */
export function PackageReviewsSlot(_props: { packageId: number; teamId: number }) {
  return null;
}
