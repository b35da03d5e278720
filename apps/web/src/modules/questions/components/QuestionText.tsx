import { findLanguage, textDirection, type QuestionView } from '@lt/contracts';
import { useState } from 'react';
import { useQuestionsT } from '../../../i18n/useQuestionsT';

/**
 * A question's text in the reader's language, with its original one click away when it was asked in another
 * one. Both are rendered as text, never as HTML or markdown, whatever the viewer wrote.
 */
export function QuestionText({ question }: { question: QuestionView }) {
  const t = useQuestionsT();
  const [showOriginal, setShowOriginal] = useState(false);
  const translated = question.lang !== question.original_lang;
  const language = findLanguage(question.original_lang)?.name ?? question.original_lang;
  return (
    <>
      <p className="question-text" data-testid="question-text" lang={question.lang} dir={textDirection(question.lang)}>
        {question.text}
      </p>
      {translated && question.fallback === 'original' && <span className="badge">{t('questions.notTranslated')}</span>}
      {translated && (
        <button
          type="button"
          className="btn btn-link question-original-toggle"
          aria-expanded={showOriginal}
          data-testid="question-original-toggle"
          onClick={() => setShowOriginal(!showOriginal)}
        >
          {showOriginal ? t('questions.hideOriginal') : t('questions.showOriginal', { language })}
        </button>
      )}
      {showOriginal && (
        <p className="question-original" data-testid="question-original">
          <span className="visually-hidden">{t('questions.original', { language })}: </span>
          <span lang={question.original_lang} dir={textDirection(question.original_lang)}>
            {question.original}
          </span>
        </p>
      )}
    </>
  );
}
