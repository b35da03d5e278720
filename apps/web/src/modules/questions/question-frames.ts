import type { QuestionFrame, QuestionUpdateFrame, QuestionsEnabledFrame, ServerFrame } from '@lt/contracts';

/** The frames of a room that concern its questions; a `joined` frame says whether they are on (and that some may have been missed). */
export type QuestionEvent = QuestionFrame | QuestionUpdateFrame | QuestionsEnabledFrame | { type: 'joined'; enabled: boolean };

type Listener = (event: QuestionEvent) => void;

const listeners = new Map<string, Set<Listener>>();
const enabledByRoom = new Map<string, boolean>();

/**
 * Hands a room's question frames from its live connection (host, speaker or viewer page) to whatever shows
 * the questions, which may be loaded later (the viewer's is a chunk of its own): it also remembers whether the
 * room takes questions.
 */
export function routeQuestionFrame(roomId: string, frame: ServerFrame): void {
  let event: QuestionEvent;
  if (frame.type === 'joined') event = { type: 'joined', enabled: frame.questionsEnabled === true };
  else if (frame.type === 'question' || frame.type === 'question_update' || frame.type === 'questions_enabled') event = frame;
  else return;
  if (event.type === 'joined' || event.type === 'questions_enabled') enabledByRoom.set(roomId, event.enabled);
  for (const listener of listeners.get(roomId) ?? []) listener(event);
}

export function subscribeQuestions(roomId: string, listener: Listener): () => void {
  let set = listeners.get(roomId);
  if (!set) listeners.set(roomId, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(roomId);
  };
}

/** Whether the room takes questions, as its live connection last said; undefined before it said. */
export function questionsEnabled(roomId: string): boolean | undefined {
  return enabledByRoom.get(roomId);
}
