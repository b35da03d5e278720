import {
  QUESTIONS_SUBJECTS,
  ROOMS_SUBJECTS,
  type LanguageCode,
  type PublicTranscript,
  type QuestionText,
  type StoredQuestion,
  type TranscriptCursor,
  type TranscriptMessage,
  type TranscriptResponse,
} from '@lt/contracts';
import { Bus, withinBytes, type RequestOptions } from '@lt/platform';

/**
 * Lists that cross the bus a page at a time: each page within BUS_PAGE_BYTES (sized by the service that answers),
 * read here page after page until the service says no more follows. Nothing a room holds travels in one message.
 */

/** Question texts sent for translation in one request: the texts in the request and their translations in the reply. */
const TEXTS_REQUEST_BYTES = 192 * 1024;

const cursorAfter = (messages: TranscriptMessage[]): TranscriptCursor | undefined => {
  const last = messages[messages.length - 1];
  return last && { timestamp: last.message_timestamp, seq: last.seq };
};

/** A transcript read page after page (the pages share their header: the room). */
async function wholeTranscript<T extends { messages: TranscriptMessage[]; more: boolean }>(
  page: (after: TranscriptCursor | undefined) => Promise<T>,
): Promise<T> {
  const first = await page(undefined);
  const messages = [...first.messages];
  for (let current = first; current.more && current.messages.length > 0;) {
    current = await page(cursorAfter(current.messages));
    messages.push(...current.messages);
  }
  return { ...first, messages, more: false };
}

/** The owner's whole transcript of a room. */
export async function ownedTranscript(bus: Bus, roomId: string, ownerId: string): Promise<TranscriptResponse> {
  const { room, messages } = await wholeTranscript((after) =>
    bus.request(ROOMS_SUBJECTS.ownedTranscript, { roomId, ownerId, ...(after && { after }) }),
  );
  return { room, messages };
}

/** A room's whole transcript for a viewer, or for its host with the host key. */
export function publicTranscript(bus: Bus, roomId: string, hostKey: string | undefined): Promise<PublicTranscript> {
  return wholeTranscript((after) =>
    bus.request(ROOMS_SUBJECTS.publicTranscript, { roomId, ...(hostKey !== undefined && { hostKey }), ...(after && { after }) }),
  );
}

/** The visible questions of a room, a page at a time, with whether `clientId` upvoted each. */
export async function listedQuestions(bus: Bus, roomId: string, clientId: string | undefined) {
  const first = await bus.request(QUESTIONS_SUBJECTS.list, { roomId, clientId });
  const questions = [...first.questions];
  for (let page = first; page.more && page.questions.length > 0;) {
    page = await bus.request(QUESTIONS_SUBJECTS.list, { roomId, clientId, afterId: page.questions[page.questions.length - 1].id });
    questions.push(...page.questions);
  }
  return { enabled: first.enabled, questions };
}

/** Every visible question of a room, for an export or the archive: yielded a page at a time. */
export async function* exportedQuestions(bus: Bus, roomId: string): AsyncGenerator<StoredQuestion[]> {
  let afterId: string | undefined;
  for (;;) {
    const page = await bus.request(QUESTIONS_SUBJECTS.forExport, { roomId, ...(afterId && { afterId }) });
    if (page.questions.length > 0) yield page.questions;
    if (!page.more || page.questions.length === 0) return;
    afterId = page.questions[page.questions.length - 1].id;
  }
}

/** The texts of `questions` in `to`, asked of translate-svc in requests of TEXTS_REQUEST_BYTES at most. */
export async function questionTexts(
  bus: Bus,
  roomId: string,
  to: LanguageCode,
  questions: readonly Pick<StoredQuestion, 'id' | 'text' | 'lang' | 'createdAt'>[],
  options?: RequestOptions & { forOwner?: boolean },
): Promise<QuestionText[]> {
  const { forOwner, ...requestOptions } = options ?? {};
  const texts: QuestionText[] = [];
  let rest = questions.map((q) => ({ id: q.id, text: q.text, lang: q.lang, createdAt: q.createdAt }));
  while (rest.length > 0) {
    const chunk = withinBytes(rest, { maxBytes: TEXTS_REQUEST_BYTES });
    texts.push(...(await bus.request(QUESTIONS_SUBJECTS.texts, { roomId, to, forOwner, questions: chunk }, requestOptions)));
    rest = rest.slice(chunk.length);
  }
  return texts;
}
