import type { QuestionListResponse, QuestionView } from '@lt/contracts';
import { applyQuestionEvent, sortQuestions } from './question-list';

const q = (id: string, votes: number, at: string, extra: Partial<QuestionView> = {}): QuestionView => ({
  id,
  text: `(es) ${id}`,
  lang: 'es',
  original: id,
  original_lang: 'ja',
  votes,
  status: 'open',
  created_at: `2025-05-01T10:${at}:00.000Z`,
  ...extra,
});

describe('question lists', () => {
  const list: QuestionListResponse = { enabled: true, lang: 'es', questions: [q('a', 1, '00')] };

  it('adds a new question of its language once, and ignores the other languages', () => {
    const added = applyQuestionEvent(list, { type: 'question', roomId: 'r', question: q('b', 0, '01') });
    expect(added.questions.map((x) => x.id)).toEqual(['a', 'b']);
    expect(applyQuestionEvent(added, { type: 'question', roomId: 'r', question: q('b', 0, '01') })).toBe(added);
    expect(applyQuestionEvent(list, { type: 'question', roomId: 'r', question: q('c', 0, '02', { lang: 'fr' }) })).toBe(list);
  });

  it('updates votes and status, and drops a hidden question', () => {
    const voted = applyQuestionEvent(list, { type: 'question_update', roomId: 'r', id: 'a', votes: 5, status: 'answered' });
    expect(voted.questions[0]).toMatchObject({ votes: 5, status: 'answered' });
    expect(applyQuestionEvent(list, { type: 'question_update', roomId: 'r', id: 'a', votes: 1, status: 'hidden' }).questions).toEqual([]);
    expect(applyQuestionEvent(list, { type: 'questions_enabled', roomId: 'r', enabled: false }).enabled).toBe(false);
  });

  it('sorts by votes or by time, answered ones last', () => {
    const all = [q('old', 3, '00'), q('new', 1, '05'), q('top', 9, '01', { status: 'answered' }), q('mid', 3, '03')];
    expect(sortQuestions(all, 'votes').map((x) => x.id)).toEqual(['mid', 'old', 'new', 'top']);
    expect(sortQuestions(all, 'time').map((x) => x.id)).toEqual(['new', 'mid', 'old', 'top']);
  });
});
