import type { LanguageCode, QuestionListResponse, QuestionStatus, QuestionView } from '@lt/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useQuestionsT } from '../../../i18n/useQuestionsT';
import { errorText } from '../../../lib/error-text';
import { queryKeys } from '../../../lib/query-keys';
import '../../../styles/questions.css';
import { useAuth } from '../../auth/hooks/useAuth';
import { moderateQuestion, setQuestionsEnabled, type HostCredential } from '../api/questions.api';
import { useQuestions } from '../hooks/useQuestions';
import { sortQuestions, type QuestionOrder } from '../question-list';
import { QuestionList } from './QuestionList';

/**
 * The host's questions from the audience: the switch that lets viewers ask (off by default), then the questions
 * in the room's language, by votes or time, each with its original, to mark answered or hide for everyone.
 */
export function QuestionsPanel({ roomId, hostKey, lang }: { roomId: string; hostKey: string | null; lang: LanguageCode }) {
  const t = useQuestionsT();
  const titleId = useId();
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const credential: HostCredential = hostKey ? { kind: 'hostKey', hostKey } : { kind: 'session', request: client.request };
  const questions = useQuestions(roomId, lang);
  const [order, setOrder] = useState<QuestionOrder>('votes');
  const key = queryKeys.questions.list(roomId, lang);

  // What the host asked for, shown at once (in the click's own render) until it is saved or refused.
  const [asked, setAsked] = useState<boolean | null>(null);
  // A read of the list that started before the switch was saved would put the old setting back when it
  // answers: it is dropped, and the list read again once the setting is saved.
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => setQuestionsEnabled(roomId, enabled, credential),
    onMutate: () => queryClient.cancelQueries({ queryKey: key }),
    onSuccess: ({ enabled }) => queryClient.setQueryData<QuestionListResponse>(key, (list) => (list ? { ...list, enabled } : list)),
    onSettled: () => {
      setAsked(null);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const moderate = useMutation({
    mutationFn: ({ id, status }: { id: string; status: QuestionStatus }) => moderateQuestion(roomId, id, status, credential),
  });
  const enabled = asked ?? questions.data?.enabled ?? false;
  const failure = toggle.error ?? moderate.error;

  const actions = (q: QuestionView) => (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        data-testid="question-answer"
        disabled={moderate.isPending}
        onClick={() => moderate.mutate({ id: q.id, status: q.status === 'answered' ? 'open' : 'answered' })}
      >
        {q.status === 'answered' ? t('questions.reopen') : t('questions.markAnswered')}
      </button>
      <ConfirmDialog
        title={t('questions.hideConfirm')}
        description={t('questions.hideBody')}
        confirmLabel={t('questions.hide')}
        cancelLabel={t('questions.keep')}
        onConfirm={() => moderate.mutate({ id: q.id, status: 'hidden' })}
        renderTrigger={(open) => (
          <button type="button" className="btn btn-ghost btn-sm" data-testid="question-hide" disabled={moderate.isPending} onClick={open}>
            {t('questions.hide')}
          </button>
        )}
      />
    </>
  );

  return (
    <section className="card questions-panel" aria-labelledby={titleId} data-testid="questions-panel">
      <h2 id={titleId}>{t('questions.title')}</h2>
      <label className="questions-switch">
        <input
          type="checkbox"
          role="switch"
          data-testid="questions-switch"
          checked={enabled}
          disabled={!questions.data || toggle.isPending}
          aria-busy={toggle.isPending}
          onChange={(e) => {
            setAsked(e.target.checked);
            toggle.mutate(e.target.checked);
          }}
        />
        <span>{t('questions.switch')}</span>
      </label>
      <p className="field-hint">{t('questions.switchHint')}</p>
      {failure && (
        <p className="alert alert-error" role="alert">
          {t('questions.actionFailed', { message: errorText(failure, t) })}
        </p>
      )}
      <QuestionList
        query={questions}
        order={order}
        onOrder={setOrder}
        questions={sortQuestions(questions.data?.questions ?? [], order)}
        emptyText={enabled ? t('questions.empty') : t('questions.off')}
        actions={actions}
      />
    </section>
  );
}
