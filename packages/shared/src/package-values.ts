/**
 * The texts, the page size and the orders of the package browse, kept apart from the zod schemas of
 * packages.ts (which re-exports them): the browse page draws its search and filters with them before
 * the validation library has arrived.
 */
export const PACKAGE_TEXTS = {
  teamRequired: 'Please select a team',
  titleTooShort: 'Service title must be at least 5 characters',
  descriptionTooShort: 'Description must be at least 20 characters',
  priceTooLow: 'Price must be at least $1.00',
  durationRange: 'Duration must be between 1 and 365 days',
  durationTooShort: 'Duration must be at least 1 day',
  deleteConfirm: 'Are you sure you want to delete this package? This action cannot be undone.',
  notFound: 'Service Package Not Found',
  editNotPermitted: "Package Not Found ... you don't have permission to edit it",
  noTeams: 'No Teams Available',
  noTeamsFound: 'No Teams Found',
  createFailed: 'Failed to create service package',
  updateFailed: 'Failed to update package',
  loadFailed: 'Failed to load services',
  created: 'Service package created successfully!',
  updated: 'Package updated successfully!',
  deleted: 'Package deleted',
  published: 'Package published',
  unpublished: 'Package unpublished',
  actionFailed: 'Failed to update the package status',
  deleteFailed: 'Failed to delete package',
  noResults: 'No services match your search',
  editNotPermittedTitle: 'Package Not Found',
  editNotPermittedBody: "The package does not exist, or you don't have permission to edit it.",
} as const;

export const PACKAGE_BROWSE_PAGE_SIZE = 50;

/**
 * How a search is ordered. `relevance` ranks by the term (without a term it is the newest first);
 * `rating` is the package's average review, unreviewed packages last. Every order ends with the id,
 * so pages never repeat or skip a package.
 */
export const PACKAGE_SORTS = ['relevance', 'price_asc', 'price_desc', 'rating', 'newest'] as const;
export type PackageSort = (typeof PACKAGE_SORTS)[number];
export const PACKAGE_SORT_LABELS: Record<PackageSort, string> = {
  relevance: 'Best match',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  rating: 'Highest rated',
  newest: 'Newest',
};
