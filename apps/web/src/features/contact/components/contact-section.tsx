import { Mail } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../../../components/ui/error-boundary';
import { useInViewOnce } from '../../../lib/use-in-view';

/**
 * The form brings react-hook-form and zod, whose first run alone keeps a phone busy for a while: it
 * loads when the section comes within about a screen of view, long before anyone reaches it by
 * scrolling, and not at all for a visitor who never goes further down than the top of the page.
 */
const ContactForm = lazy(() => import('./contact-form').then((module) => ({ default: module.ContactForm })));

const FORM_PRELOAD_MARGIN = '800px 0px';

function ContactFormPlaceholder({ text }: { text: string }) {
  return (
    <div className="flex min-h-96 items-center justify-center text-sm text-slate-600">
      <p>{text}</p>
    </div>
  );
}

export function ContactSection() {
  const { ref, inView } = useInViewOnce<HTMLDivElement>({ rootMargin: FORM_PRELOAD_MARGIN });

  return (
    <section
      id="contact"
      aria-labelledby="contact-heading"
      className="scroll-mt-20 bg-slate-50 py-20 sm:py-24"
    >
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Contact</p>
          <h2
            id="contact-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Let’s talk about your project
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Tell us what you are building and where you are stuck. We will point you to the teams that fit,
            usually within one business day.
          </p>
          <p className="mt-6 flex items-center gap-2 text-sm text-slate-700">
            <Mail aria-hidden="true" className="size-4 text-indigo-600" />
            Fields marked optional can be left empty.
          </p>
        </div>
        <div
          ref={ref}
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3"
        >
          {inView ? (
            <ErrorBoundary
              fallback={
                <ContactFormPlaceholder text="The contact form could not be loaded. Please reload the page." />
              }
            >
              <Suspense fallback={<ContactFormPlaceholder text="Loading form..." />}>
                <ContactForm />
              </Suspense>
            </ErrorBoundary>
          ) : (
            <ContactFormPlaceholder text="Loading form..." />
          )}
        </div>
      </div>
    </section>
  );
}
