import type { QuestionListResponse, QuestionView } from '@lt/contracts';
import type { QuestionEvent } from './question-frames';

export type QuestionOrder = 'votes' | 'time';

/**
 * A list of questions in one language after a frame: a new one in that language is added (once), a vote or
 * status updates it, a hidden one goes; `questions_enabled` changes the switch. A frame in another language is
 * not for this list.
 */
export function applyQuestionEvent(list: QuestionListResponse, event: QuestionEvent): QuestionListResponse {
  switch (event.type) {
    case 'question':
      if (event.question.lang !== list.lang || list.questions.some((q) => q.id === event.question.id)) return list;
      return { ...list, questions: [...list.questions, event.question] };
    case 'question_update': {
      const status = event.status;
      if (status === 'hidden') return { ...list, questions: list.questions.filter((q) => q.id !== event.id) };
      return { ...list, questions: list.questions.map((q) => (q.id === event.id ? { ...q, votes: event.votes, status } : q)) };
    }
    case 'questions_enabled':
    case 'joined':
      return list.enabled === event.enabled ? list : { ...list, enabled: event.enabled };
  }
}

/** Most votes first (then newest), or newest first; answered ones after the open ones either way. */
export function sortQuestions(questions: readonly QuestionView[], order: QuestionOrder): QuestionView[] {
  const time = (q: QuestionView) => Date.parse(q.created_at);
  return [...questions].sort(
    (a, b) =>
      Number(a.status === 'answered') - Number(b.status === 'answered') || (order === 'votes' ? b.votes - a.votes : 0) || time(b) - time(a),
  );
}
