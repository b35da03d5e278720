import type { LanguageCode, QuestionListResponse } from '@lt/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { listQuestions } from '../api/questions.api';
import { subscribeQuestions } from '../question-frames';
import { applyQuestionEvent } from '../question-list';

/**
 * A room's questions in one language, read once and then kept up to date by the room's frames; read again
 * after the connection joined anew (frames may have been missed meanwhile).
 */
export function useQuestions(roomId: string, lang: LanguageCode | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.questions.list(roomId, lang ?? ''),
    queryFn: () => listQuestions(roomId, lang as LanguageCode),
    enabled: lang !== null,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (!lang) return;
    const key = queryKeys.questions.list(roomId, lang);
    return subscribeQuestions(roomId, (event) => {
      if (event.type === 'joined') void client.invalidateQueries({ queryKey: key });
      client.setQueryData<QuestionListResponse>(key, (list) => (list ? applyQuestionEvent(list, event) : list));
    });
  }, [client, roomId, lang]);
  return query;
}
