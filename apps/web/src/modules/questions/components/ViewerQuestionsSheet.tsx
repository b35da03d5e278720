import { QUESTION_LIMITS, type LanguageCode, type QuestionListResponse, type QuestionView } from '@lt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Icon } from '../../../components/Icon';
import { Modal } from '../../../components/Modal';
import { useQuestionsT } from '../../../i18n/useQuestionsT';
import { errorText } from '../../../lib/error-text';
import { queryKeys } from '../../../lib/query-keys';
import '../../../styles/questions.css';
import { askQuestion, upvoteQuestion } from '../api/questions.api';
import { useQuestions } from '../hooks/useQuestions';
import { sortQuestions, type QuestionOrder } from '../question-list';
import { QuestionList } from './QuestionList';

const coarsePointer = () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true;

interface ViewerQuestionsSheetProps {
  roomId: string;
  lang: LanguageCode | null;
  onClose: () => void;
}

/**
 * The viewer's questions (a chunk of its own): ask one in the language it reads the room in, read the others
 * translated into it, and upvote them (once each). A dialog on a laptop, a sheet from the bottom on a phone.
 */
export default function ViewerQuestionsSheet({ roomId, lang, onClose }: ViewerQuestionsSheetProps) {
  const t = useQuestionsT();
  const titleId = useId();
  const fieldId = useId();
  const queryClient = useQueryClient();
  const questions = useQuestions(roomId, lang);
  const [text, setText] = useState('');
  const [order, setOrder] = useState<QuestionOrder>('votes');
  const key = queryKeys.questions.list(roomId, lang ?? '');
  const update = (change: (list: QuestionListResponse) => QuestionListResponse) =>
    queryClient.setQueryData<QuestionListResponse>(key, (list) => (list ? change(list) : list));

  const ask = useMutation({
    mutationFn: (question: string) => askQuestion(roomId, question, lang as LanguageCode),
    onSuccess: (asked) => {
      setText('');
      update((list) => (list.questions.some((q) => q.id === asked.id) ? list : { ...list, questions: [...list.questions, asked] }));
    },
  });
  const vote = useMutation({
    mutationFn: (id: string) => upvoteQuestion(roomId, id),
    onSuccess: ({ id, votes }) =>
      update((list) => ({ ...list, questions: list.questions.map((q) => (q.id === id ? { ...q, votes, voted: true } : q)) })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() && lang) ask.mutate(text.trim());
  };
  const left = QUESTION_LIMITS.textMax - text.length;
  const upvote = (q: QuestionView) => (
    <button
      type="button"
      className={q.voted ? 'btn btn-primary btn-sm' : 'btn btn-secondary btn-sm'}
      data-testid="question-upvote"
      aria-pressed={q.voted === true}
      aria-label={t('questions.upvoteLabel', { count: q.votes })}
      disabled={q.voted === true || vote.isPending}
      onClick={() => vote.mutate(q.id)}
    >
      <Icon name="check" size={16} />
      {q.voted ? t('questions.upvoted') : t('questions.upvote')}
    </button>
  );

  return (
    <Modal labelledBy={titleId} className="summary-sheet questions-sheet" onClose={onClose} testId="questions-sheet">
      <div className="summary-box">
        <div className="summary-head">
          <h2 id={titleId}>{t('questions.title')}</h2>
          <button type="button" className="btn btn-ghost" aria-label={t('questions.close')} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        {!lang ? (
          <p className="questions-empty">{t('questions.chooseLanguage')}</p>
        ) : (
          <>
            <form className="question-form" onSubmit={submit} noValidate>
              <label htmlFor={fieldId}>{t('questions.ask')}</label>
              <textarea
                id={fieldId}
                className="input"
                data-testid="question-input"
                // On a touch screen the keyboard would cover the questions as soon as the sheet opens.
                data-autofocus={coarsePointer() ? undefined : true}
                rows={3}
                maxLength={QUESTION_LIMITS.textMax}
                lang={lang}
                value={text}
                aria-describedby={`${fieldId}-hint`}
                onChange={(e) => setText(e.target.value)}
              />
              <div className="question-form-row">
                <span id={`${fieldId}-hint`} className="field-hint">
                  {t('questions.askHint')} {t('questions.remaining', { count: left })}
                </span>
                <button type="submit" className="btn btn-primary" data-testid="question-send" disabled={!text.trim() || ask.isPending}>
                  {ask.isPending ? t('questions.sending') : t('questions.send')}
                </button>
              </div>
              <p className="questions-status" role="status">
                {ask.isSuccess && !text ? t('questions.sent') : ''}
              </p>
              {ask.isError && (
                <p className="alert alert-error" role="alert">
                  {t('questions.sendFailed', { message: errorText(ask.error, t) })}
                </p>
              )}
            </form>
            {vote.isError && (
              <p className="alert alert-error" role="alert">
                {t('questions.actionFailed', { message: errorText(vote.error, t) })}
              </p>
            )}
            <QuestionList
              query={questions}
              order={order}
              onOrder={setOrder}
              questions={sortQuestions(questions.data?.questions ?? [], order)}
              emptyText={t('questions.empty')}
              actions={upvote}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
