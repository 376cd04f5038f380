/** The landing page's contact form: where a custom team or anything unlisted is asked for. */
export const CONTACT_US_PATH = '/#contact';
