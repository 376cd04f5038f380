import { lazy } from 'react';
import { HydrationBoundary } from '../components/ui/hydration-boundary';
import { ServicesSection } from '../components/catalogue/services-section';
import { ContactSection } from '../features/contact/components/contact-section';
import { PlatformStatisticsSection } from '../features/statistics/components/platform-statistics-section';
import { AboutSection } from '../features/landing/components/about-section';
import { HeroSection } from '../features/landing/components/hero-section';
import { PopularPackagesSection } from '../features/landing/components/popular-packages-section';

/**
 * The card's code comes with the first popular packages, not in the page's first download: the section
 * is below the first screen, and the card with its helpers and icons passed the page's JavaScript budget
 * (decision 0006).
 */
const PackageCard = lazy(() =>
  import('../features/packages/components/package-card').then((module) => ({ default: module.PackageCard })),
);

/**
 * Arriving through '/#section' from another page is handled by the layout's <ScrollRestoration>.
 * The popular services are drawn with the packages feature's card, handed to the landing feature.
 */
export function LandingPage() {
  return (
    <>
      <title>TeamHire — Powering Teams to Finish Faster</title>
      <HydrationBoundary>
        <HeroSection />
      </HydrationBoundary>
      <HydrationBoundary>
        <ServicesSection />
      </HydrationBoundary>
      <HydrationBoundary>
        <PopularPackagesSection PackageCard={PackageCard} />
      </HydrationBoundary>
      <HydrationBoundary>
        <PlatformStatisticsSection />
      </HydrationBoundary>
      <HydrationBoundary>
        <AboutSection />
      </HydrationBoundary>
      <HydrationBoundary>
        <ContactSection />
      </HydrationBoundary>
    </>
  );
}
