import { useContext } from 'react';
import { I18nContext, type I18nValue } from './i18n-context';

export function useLocale(): I18nValue {
  return useContext(I18nContext);
}
