/**
 * User-facing texts. Kept apart from the zod schemas so that a page needing
 * only a text does not pull the validation library into its first download.
 */
export const CONTACT_TEXTS = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  messageRequired: 'Message is required',
  success: "Thank you for your message! We'll get back to you soon.",
  failure: 'Something went wrong. Please try again or contact us directly.',
} as const;

export const HEALTH_TEXTS = { offline: 'Backend API not available' } as const;
