import { useEffect } from 'react';
import { useLocale } from '../../../i18n/useLocale';
import { useT } from '../../../i18n/useT';
import { useChooseLocale, useProfileLocaleSync } from '../hooks/useProfileLocale';

/** How long the notice stays when left alone: long enough to read and to act on. */
const NOTICE_MS = 15_000;

/**
 * Applies the signed-in profile's interface language, and says so when it changed this browser's, with the way
 * back one click away (which is then saved on the profile).
 */
export function ProfileLocaleSync() {
  const { switchedFrom, dismiss } = useProfileLocaleSync();
  const { locale } = useLocale();
  const choose = useChooseLocale();
  const t = useT();
  useEffect(() => {
    if (!switchedFrom) return;
    const timer = setTimeout(dismiss, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [switchedFrom, dismiss]);
  if (!switchedFrom || switchedFrom === locale) return null;
  const previous = t(switchedFrom === 'es' ? 'locale.es' : 'locale.en');
  return (
    <div className="locale-notice" role="status" data-testid="profile-locale-notice">
      <p>{t('locale.fromProfile', { language: t(locale === 'es' ? 'locale.es' : 'locale.en') })}</p>
      <div className="locale-notice-actions">
        <button
          type="button"
          className="btn btn-secondary"
          lang={switchedFrom}
          data-testid="profile-locale-back"
          onClick={() => {
            dismiss();
            choose(switchedFrom);
          }}
        >
          {t('locale.backTo', { language: previous })}
        </button>
        <button type="button" className="btn btn-ghost" data-testid="profile-locale-dismiss" onClick={dismiss}>
          {t('locale.keep')}
        </button>
      </div>
    </div>
  );
}
