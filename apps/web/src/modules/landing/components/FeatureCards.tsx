import { Icon, type IconName } from '../../../components/Icon';
import { useT } from '../../../i18n/useT';
import type { MessageKey } from '../../../i18n/es';

const FEATURES: { icon: IconName; title: MessageKey; body: MessageKey }[] = [
  { icon: 'plus', title: 'landing.feature.create.title', body: 'landing.feature.create.body' },
  { icon: 'mic', title: 'landing.feature.speak.title', body: 'landing.feature.speak.body' },
  { icon: 'link', title: 'landing.feature.share.title', body: 'landing.feature.share.body' },
];

export function FeatureCards() {
  const t = useT();
  return (
    <section className="features" aria-labelledby="features-title">
      <h2 id="features-title" className="visually-hidden">
        {t('landing.features')}
      </h2>
      <ul className="feature-grid">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="card feature-card">
            <span className="feature-icon">
              <Icon name={feature.icon} size={22} />
            </span>
            <h3>{t(feature.title)}</h3>
            <p>{t(feature.body)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
