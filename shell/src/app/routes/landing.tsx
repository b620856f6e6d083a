import { useDocumentTitle } from '@cardirect/web';
import { DealerSection } from '../../features/landing/components/dealer-section';
import { Faq } from '../../features/landing/components/faq';
import { GetStarted } from '../../features/landing/components/get-started';
import { Hero } from '../../features/landing/components/hero';
import { HowItWorks } from '../../features/landing/components/how-it-works';
import { TrackRecord } from '../../features/landing/components/track-record';

export function LandingRoute() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <HowItWorks />
      <TrackRecord />
      <DealerSection />
      <Faq />
      <GetStarted />
    </>
  );
}
