import { useCallback, useContext } from 'react';
import type { MessageKey } from './es';
import { analyticsEn } from './analytics.en';
import { analyticsEs, type AnalyticsCatalog, type AnalyticsKey } from './analytics.es';
import { I18nContext, type Locale } from './i18n-context';
import { interpolate, translate, type TranslateParams } from './translate';

const ANALYTICS_CATALOGS: Record<Locale, AnalyticsCatalog> = { es: analyticsEs, en: analyticsEn };

export type AnalyticsTranslate = (key: AnalyticsKey | MessageKey, params?: TranslateParams) => string;

function isAnalyticsKey(key: string): key is AnalyticsKey {
  return key in analyticsEs;
}

/** `useT` for the analytics screens: its own catalog first, then the app's. */
export function useAnalyticsT(): AnalyticsTranslate {
  const { locale } = useContext(I18nContext);
  return useCallback<AnalyticsTranslate>(
    (key, params) => (isAnalyticsKey(key) ? interpolate(ANALYTICS_CATALOGS[locale][key], params, locale) : translate(locale, key, params)),
    [locale],
  );
}
