import { LOCALES, isLocale } from '../i18n/i18n-context';
import { useLocale } from '../i18n/useLocale';
import { useT } from '../i18n/useT';
import { useChooseLocale } from '../modules/auth/hooks/useProfileLocale';

/**
 * The interface language, shown in the language the page is in. Each option names its language in that
 * language and carries its `lang`, so a screen reader says "Español" in Spanish on an English page.
 */
export function LocaleSwitch() {
  const t = useT();
  const { locale } = useLocale();
  const choose = useChooseLocale();
  return (
    <label className="locale-switch">
      <span>{t('locale.label')}</span>
      <select value={locale} data-testid="locale-switch" onChange={(e) => isLocale(e.target.value) && choose(e.target.value)}>
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(code === 'es' ? 'locale.es' : 'locale.en')}
          </option>
        ))}
      </select>
    </label>
  );
}
