import { HydrationBoundary } from '../../components/ui/hydration-boundary';
import { ServicesSection } from '../catalogue/components/services-section';
import { ContactSection } from '../contact/components/contact-section';
import { PlatformStatisticsSection } from '../statistics/components/platform-statistics-section';
import { AboutSection } from './components/about-section';
import { HeroSection } from './components/hero-section';

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
