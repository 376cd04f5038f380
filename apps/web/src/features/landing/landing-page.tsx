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
      <HeroSection />
      <ServicesSection />
      <PlatformStatisticsSection />
      <AboutSection />
      <ContactSection />
    </>
  );
}
