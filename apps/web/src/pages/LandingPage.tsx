import { useT } from '../i18n/useT';
import { FeatureCards } from '../modules/landing/components/FeatureCards';
import { CreateRoomForm } from '../modules/rooms/components/CreateRoomForm';

export function LandingPage() {
  const t = useT();
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="landing-title">
        <h1 id="landing-title">{t('landing.title')}</h1>
        <p className="tagline">{t('landing.tagline')}</p>
        <CreateRoomForm />
        <p className="credit">
          <a href="#">{t('landing.credit')}</a>
        </p>
      </section>
      <FeatureCards />
    </div>
  );
}
