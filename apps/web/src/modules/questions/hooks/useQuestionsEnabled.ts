import { useEffect, useState } from 'react';
import { questionsEnabled, subscribeQuestions } from '../question-frames';

/** Whether the room takes questions now: what the live connection said, else `initial` (the room as first read). */
export function useQuestionsEnabled(roomId: string, initial: boolean | undefined): boolean {
  const [enabled, setEnabled] = useState(() => questionsEnabled(roomId));
  useEffect(
    () =>
      subscribeQuestions(roomId, (event) => {
        if (event.type === 'joined' || event.type === 'questions_enabled') setEnabled(event.enabled);
      }),
    [roomId],
  );
  return enabled ?? initial ?? false;
}
