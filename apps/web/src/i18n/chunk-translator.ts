import { useCallback, useContext } from 'react';
import type { MessageKey } from './es';
import { I18nContext, type Locale } from './i18n-context';
import { interpolate, translate, type TranslateParams } from './translate';

export type ChunkTranslate<K extends string> = (key: K | MessageKey, params?: TranslateParams) => string;

/** A `useT` for a feature with a catalog of its own: its keys first, then the app's. */
export function chunkTranslator<K extends string>(catalogs: Record<Locale, Record<K, string>>): () => ChunkTranslate<K> {
  const own = (key: string): key is K => Object.hasOwn(catalogs.es, key);
  return function useChunkT() {
    const { locale } = useContext(I18nContext);
    return useCallback<ChunkTranslate<K>>(
      (key, params) => (own(key) ? interpolate(catalogs[locale][key], params, locale) : translate(locale, key, params)),
      [locale],
    );
  };
}
