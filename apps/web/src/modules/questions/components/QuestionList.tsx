import type { QuestionListResponse, QuestionView } from '@lt/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useQuestionsT } from '../../../i18n/useQuestionsT';
import { errorText } from '../../../lib/error-text';
import type { QuestionOrder } from '../question-list';
import { QuestionText } from './QuestionText';

interface QuestionListProps {
  query: UseQueryResult<QuestionListResponse>;
  questions: QuestionView[];
  order: QuestionOrder;
  onOrder: (order: QuestionOrder) => void;
  emptyText: string;
  /** What the reader may do with each question (the host's buttons, the viewer's upvote). */
  actions: (question: QuestionView) => ReactNode;
}

/** Questions in one language with their order switch, and the list's loading, error and empty states. */
export function QuestionList({ query, questions, order, onOrder, emptyText, actions }: QuestionListProps) {
  const t = useQuestionsT();
  const orderId = useId();
  if (query.isPending) {
    return (
      <p className="questions-status" role="status">
        <span className="spinner spinner-sm" aria-hidden="true" />
        {t('questions.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="alert alert-error" role="alert">
        <p>{t('questions.failed', { message: errorText(query.error, t) })}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void query.refetch()}>
          {t('questions.retry')}
        </button>
      </div>
    );
  }
  return (
    <>
      <div className="questions-order">
        <label htmlFor={orderId}>{t('questions.sort')}</label>
        <select
          id={orderId}
          className="input"
          data-testid="questions-order"
          value={order}
          onChange={(e) => onOrder(e.target.value as QuestionOrder)}
        >
          <option value="votes">{t('questions.sort.votes')}</option>
          <option value="time">{t('questions.sort.time')}</option>
        </select>
      </div>
      {questions.length === 0 ? (
        <p className="questions-empty" data-testid="questions-empty">
          {emptyText}
        </p>
      ) : (
        <ul className="questions-list" aria-label={t('questions.list')} data-testid="questions-list">
          {questions.map((q) => (
            <li key={q.id} className="question" data-testid="question" data-status={q.status}>
              <QuestionText question={q} />
              <div className="question-meta">
                <span data-testid="question-votes">{t('questions.votes', { count: q.votes })}</span>
                {q.status === 'answered' && <span className="badge badge-success">{t('questions.answered')}</span>}
                <span className="question-actions">{actions(q)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
