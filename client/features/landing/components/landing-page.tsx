import { useTranslation } from 'react-i18next';
import { CtaSection } from '@/features/landing/components/cta-section';
import { FeaturesSection } from '@/features/landing/components/features-section';
import { HeroSection } from '@/features/landing/components/hero-section';
import { HowItWorksSection } from '@/features/landing/components/how-it-works-section';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { PricingSection } from '@/features/landing/components/pricing-section';
import { TestimonialsSection } from '@/features/landing/components/testimonials-section';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('landing.hero.badge'));
  return (
    <div className="flex min-h-screen flex-col">
      <LandingHeader />
      <main className="flex-1">
        <HeroSection />
        <FeaturesSection />
        <HowItWorksSection />
        <PricingSection />
        <TestimonialsSection />
        <CtaSection />
      </main>
      <LandingFooter />
    </div>
  );
}
