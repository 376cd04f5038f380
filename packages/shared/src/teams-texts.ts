/** Team, application and verification validation and error texts. Free of zod, see texts.ts. */
export const TEAM_TEXTS = {
  nameRequired: 'Team name is required',
  nameTooShort: 'Team name must be at least 3 characters',
  sizeRange: 'Team size must be between 2 and 100 members',
  editSizeRange: 'Team size must be between 1 and 100 members',
  createFailed: 'Failed to create team',
  createValidation: 'Validation error: Please check your input data',
  createServer: 'Backend server error: Please try again later',
  createAuthentication: 'Authentication error: Please log in again',
  applySuccess: 'Application submitted successfully!',
  applyFailed: 'Failed to submit application',
  loadFailed: 'Failed to load team data. Please try again later.',
  respondFailed: 'Failed to respond to application',
  removeFailed: 'Failed to remove team member',
  updateFailed: 'Failed to update team',
  errorLoadingTeams: 'Error Loading Teams',
  noTeamsFound: 'No teams found matching your criteria.',
  unableToLoadService: 'Unable to load service details',
  serviceNotAvailable: 'Service Not Available',
  adminOnlyScreen: 'Access Denied: This page is only available for team administrators',
  sellerOnlyScreen: 'This page is only available for sellers and team admins',
  chatStartFailed: 'Failed to start chat. Please try again.',
  responseRequiredToApprove: 'A response message is required to approve',
} as const;

/** The public team page (`/teams/{id}`). */
export const TEAM_PROFILE_TEXTS = {
  notFound: 'Team Not Found',
  loadFailed: 'Failed to load the team. Please try again.',
  noPackages: 'No published packages yet',
  noReviews: 'No reviews yet',
} as const;

export const VERIFICATION_TEXTS = {
  reasonRequired: 'Please provide a reason for your application',
  messageTooShort: 'Verification message must be at least 50 characters',
  documentsUrlInvalid: 'Documents URL must be a valid URL',
  submitSuccess: 'Verification request submitted successfully!',
  submitFailed: 'Failed to submit verification request',
  applicationFailed: (message: string) => `Failed to submit application: ${message}`,
  noUpgrades: 'No Role Upgrades Available',
  responseRequired: 'A response message is required to approve a request',
  alreadyProcessed: 'Verification request already processed',
  notFound: 'Verification request not found',
  insufficientPermissions: 'Insufficient permissions',
  respondFailed: 'Failed to respond to verification request. Please try again.',
  promise: 'We review requests within 3 to 5 business days.',
} as const;
