import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { scrollToSection } from '../../../lib/scroll';

export const HERO_TEXTS = {
  title: 'Powering Teams to Finish Faster',
  tagline: 'Delivering Vision. Instantly.',
} as const;

export function HeroSection() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden bg-gradient-to-br from-indigo-950 via-indigo-900 to-slate-900 text-white"
    >
      {/* Two soft glows (index.css): a blurred disc drawn as a gradient, which costs a phone far less to paint. */}
      <div aria-hidden="true" className="hero-glow-indigo absolute -top-88 -right-48 -z-10 size-[60rem]" />
      <div aria-hidden="true" className="hero-glow-emerald absolute -bottom-96 -left-72 -z-10 size-[52rem]" />
      <div className="mx-auto max-w-7xl px-4 py-24 sm:px-6 sm:py-32 lg:px-8">
        <div className="max-w-3xl">
          <p className="inline-flex items-center rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-indigo-100 ring-1 ring-white/20">
            {HERO_TEXTS.tagline}
          </p>
          <h1 id="hero-heading" className="mt-6 text-4xl font-extrabold tracking-tight sm:text-6xl">
            {HERO_TEXTS.title}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-indigo-100 sm:text-xl">
            Hire vetted teams of developers and designers who assign, track and deliver your work in real
            time, so your project ships on schedule instead of someday.
          </p>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <Button variant="light" size="lg" onClick={() => scrollToSection('services')}>
              Explore Services
              <ArrowRight aria-hidden="true" className="size-5" />
            </Button>
            <Link to="/register" className={buttonClassName('inverse', 'lg')}>
              Get Started
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
