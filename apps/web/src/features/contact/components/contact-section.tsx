import { Mail } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../../../components/ui/error-boundary';

/**
 * The form brings react-hook-form and zod; splitting it off keeps them out of the landing page's
 * first download. It still starts loading as soon as the page renders, long before anyone scrolls here.
 */
const ContactForm = lazy(() => import('./contact-form').then((module) => ({ default: module.ContactForm })));

function ContactFormPlaceholder({ text }: { text: string }) {
  return (
    <div className="flex min-h-96 items-center justify-center text-sm text-slate-600">
      <p>{text}</p>
    </div>
  );
}

export function ContactSection() {
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
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3">
          <ErrorBoundary
            fallback={
              <ContactFormPlaceholder text="The contact form could not be loaded. Please reload the page." />
            }
          >
            <Suspense fallback={<ContactFormPlaceholder text="Loading form..." />}>
              <ContactForm />
            </Suspense>
          </ErrorBoundary>
        </div>
      </div>
    </section>
  );
}
