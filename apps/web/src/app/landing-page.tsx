import { HydrationBoundary } from '../components/ui/hydration-boundary';
import { ServicesSection } from '../components/catalogue/services-section';
import { ContactSection } from '../features/contact/components/contact-section';
import { PlatformStatisticsSection } from '../features/statistics/components/platform-statistics-section';
import { AboutSection } from '../features/landing/components/about-section';
import { HeroSection } from '../features/landing/components/hero-section';

/** Arriving through '/#section' from another page is handled by the layout's <ScrollRestoration>. */
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
