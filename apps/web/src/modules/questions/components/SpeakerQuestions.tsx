import type { LanguageCode } from '@lt/contracts';
import { useId, useState } from 'react';
import { useQuestionsT } from '../../../i18n/useQuestionsT';
import '../../../styles/questions.css';
import { useQuestions } from '../hooks/useQuestions';
import { sortQuestions, type QuestionOrder } from '../question-list';
import { QuestionList } from './QuestionList';

/**
 * A co-host speaker's view of the audience's questions: in the room's language, each with its original, by votes
 * or time; the host answers and hides them. Shown only while the room takes questions.
 */
export function SpeakerQuestions({ roomId, lang }: { roomId: string; lang: LanguageCode }) {
  const t = useQuestionsT();
  const titleId = useId();
  const questions = useQuestions(roomId, lang);
  const [order, setOrder] = useState<QuestionOrder>('votes');
  if (!questions.data?.enabled) return null;
  return (
    <section className="card questions-panel" aria-labelledby={titleId} data-testid="speaker-questions">
      <h2 id={titleId}>{t('questions.title')}</h2>
      <p className="field-hint">{t('questions.speakerHint')}</p>
      <QuestionList
        query={questions}
        order={order}
        onOrder={setOrder}
        questions={sortQuestions(questions.data.questions, order)}
        emptyText={t('questions.empty')}
        actions={() => null}
      />
    </section>
  );
}
