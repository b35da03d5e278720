import { useCallback, useContext } from 'react';
import { dashboardEn } from './dashboard.en';
import { dashboardEs, type DashboardCatalog, type DashboardKey } from './dashboard.es';
import type { MessageKey } from './es';
import { I18nContext, type Locale } from './i18n-context';
import { interpolate, translate, type TranslateParams } from './translate';

const DASHBOARD_CATALOGS: Record<Locale, DashboardCatalog> = { es: dashboardEs, en: dashboardEn };

export type DashboardTranslate = (key: DashboardKey | MessageKey, params?: TranslateParams) => string;

function isDashboardKey(key: string): key is DashboardKey {
  return key in dashboardEs;
}

/** `useT` for the dashboard's chunk: its own catalog first, then the app's. */
export function useDashboardT(): DashboardTranslate {
  const { locale } = useContext(I18nContext);
  return useCallback<DashboardTranslate>(
    (key, params) => (isDashboardKey(key) ? interpolate(DASHBOARD_CATALOGS[locale][key], params, locale) : translate(locale, key, params)),
    [locale],
  );
}
