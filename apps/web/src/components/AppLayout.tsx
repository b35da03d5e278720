import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LOCALES, isLocale } from '../i18n/i18n-context';
import { useLocale } from '../i18n/useLocale';
import { useT } from '../i18n/useT';

export function AppLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const { locale, setLocale } = useLocale();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <nav className="topbar-inner" aria-label={t('nav.main')}>
          <Link to="/" className="brand">
            <span className="brand-mark" aria-hidden="true">
              AI
            </span>
            <span className="brand-name">{t('app.name')}</span>
          </Link>
        </nav>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="footer">
        <label className="locale-switch">
          <span>{t('locale.label')}</span>
          <select value={locale} onChange={(e) => isLocale(e.target.value) && setLocale(e.target.value)}>
            {LOCALES.map((code) => (
              <option key={code} value={code}>
                {t(code === 'es' ? 'locale.es' : 'locale.en')}
              </option>
            ))}
          </select>
        </label>
      </footer>
    </div>
  );
}
