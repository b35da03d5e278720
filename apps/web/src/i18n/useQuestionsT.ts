import { useCallback, useContext } from 'react';
import type { MessageKey } from './es';
import { questionsEn } from './questions.en';
import { questionsEs, type QuestionsCatalog, type QuestionsKey } from './questions.es';
import { I18nContext, type Locale } from './i18n-context';
import { interpolate, translate, type TranslateParams } from './translate';

const CATALOGS: Record<Locale, QuestionsCatalog> = { es: questionsEs, en: questionsEn };

export type QuestionsTranslate = (key: QuestionsKey | MessageKey, params?: TranslateParams) => string;

function isQuestionsKey(key: string): key is QuestionsKey {
  return key in questionsEs;
}

/** `useT` for the audience questions (host panel and viewer sheet): its own catalog first, then the app's. */
export function useQuestionsT(): QuestionsTranslate {
  const { locale } = useContext(I18nContext);
  return useCallback<QuestionsTranslate>(
    (key, params) => (isQuestionsKey(key) ? interpolate(CATALOGS[locale][key], params, locale) : translate(locale, key, params)),
    [locale],
  );
}
