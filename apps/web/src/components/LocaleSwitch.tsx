import { LOCALES, isLocale } from '../i18n/i18n-context';
import { useLocale } from '../i18n/useLocale';
import { useT } from '../i18n/useT';

export function LocaleSwitch() {
  const t = useT();
  const { locale, setLocale } = useLocale();
  return (
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
  );
}
