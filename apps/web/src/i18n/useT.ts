import { useCallback, useContext } from 'react';
import { I18nContext } from './i18n-context';
import { translate, type Translate } from './translate';

export function useT(): Translate {
  const { locale } = useContext(I18nContext);
  return useCallback<Translate>((key, params) => translate(locale, key, params), [locale]);
}
