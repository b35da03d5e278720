import { useCallback, useContext } from 'react';
import type { MessageKey } from './es';
import { glossaryEn } from './glossary.en';
import { glossaryEs, type GlossaryCatalog, type GlossaryKey } from './glossary.es';
import { I18nContext, type Locale } from './i18n-context';
import { interpolate, translate, type TranslateParams } from './translate';

const GLOSSARY_CATALOGS: Record<Locale, GlossaryCatalog> = { es: glossaryEs, en: glossaryEn };

export type GlossaryTranslate = (key: GlossaryKey | MessageKey, params?: TranslateParams) => string;

function isGlossaryKey(key: string): key is GlossaryKey {
  return key in glossaryEs;
}

/** `useT` for the glossary editor's chunk: its own catalog first, then the app's. */
export function useGlossaryT(): GlossaryTranslate {
  const { locale } = useContext(I18nContext);
  return useCallback<GlossaryTranslate>(
    (key, params) => (isGlossaryKey(key) ? interpolate(GLOSSARY_CATALOGS[locale][key], params, locale) : translate(locale, key, params)),
    [locale],
  );
}
