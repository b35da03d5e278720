import { z } from 'zod';
import { requestRoute, roomEventRoute } from '../bus/route';
import { hostAccessSchema } from '../rooms/host-access';
import { clientIdSchema } from '../http/client-id';
import { languageCodeSchema } from '../languages';
import { QUESTION_LIMITS, questionStatusSchema, questionViewSchema } from './questions.dto';

const roomId = z.uuid();
const questionId = z.uuid();

/** A question as rooms-svc keeps it (hidden ones are never sent out). */
export const storedQuestionSchema = z.object({
  id: questionId,
  roomId,
  text: z.string().min(1).max(QUESTION_LIMITS.textMax),
  lang: languageCodeSchema,
  votes: z.number().int().min(0),
  status: questionStatusSchema,
  createdAt: z.string(),
});
export type StoredQuestion = z.infer<typeof storedQuestionSchema>;

/** A stored question as the readers of `lang` see it, with `t` its text in that language. */
export function questionView(
  q: StoredQuestion,
  lang: z.infer<typeof languageCodeSchema>,
  t: { text: string; fallback?: 'service' | 'original' },
): z.infer<typeof questionViewSchema> {
  return {
    id: q.id,
    text: t.text,
    lang,
    original: q.text,
    original_lang: q.lang,
    votes: q.votes,
    status: q.status === 'answered' ? 'answered' : 'open',
    created_at: q.createdAt,
    ...(t.fallback ? { fallback: t.fallback } : {}),
  };
}

/** A new question, for translate-svc: `hostLang` is what the room's host and speakers read (the room's language). */
export const questionAskedEventSchema = storedQuestionSchema.extend({ hostLang: languageCodeSchema });
export type QuestionAskedEvent = z.infer<typeof questionAskedEventSchema>;

export const questionChangedEventSchema = z.object({
  roomId,
  id: questionId,
  votes: z.number().int().min(0),
  status: questionStatusSchema,
});
export type QuestionChangedEvent = z.infer<typeof questionChangedEventSchema>;

export const questionsEnabledEventSchema = z.object({ roomId, enabled: z.boolean() });

/** A question translated for one language's readers; `forHosts` when it is the room's language. */
export const questionReadyEventSchema = z.object({
  roomId,
  lang: languageCodeSchema,
  forHosts: z.boolean(),
  question: questionViewSchema,
});
export type QuestionReadyEvent = z.infer<typeof questionReadyEventSchema>;

const questionText = z.object({
  id: questionId,
  text: z.string().min(1).max(QUESTION_LIMITS.textMax),
  lang: languageCodeSchema,
  /** When it was asked: a translation of a question asked before its room's content went is not stored. */
  createdAt: z.iso.datetime().optional(),
});

export const questionTextsRequestSchema = z.object({
  roomId,
  to: languageCodeSchema,
  /**
   * The room's owner asks (an export): missing translations are made whatever the viewers read. Otherwise only
   * into a language viewers read now; the others get the original, marked as such.
   */
  forOwner: z.boolean().optional(),
  questions: z.array(questionText).max(QUESTION_LIMITS.perRoom),
});
export const questionTextsReplySchema = z.array(
  z.object({ id: questionId, text: z.string(), fallback: z.enum(['service', 'original']).optional() }),
);
export type QuestionText = z.infer<typeof questionTextsReplySchema>[number];

/** Bus subjects of questions from the audience: rooms-svc keeps them, translate-svc translates them. */
export const QUESTIONS_SUBJECTS = {
  /** request: a viewer's question (questions_off when the room takes none; questions_full past the room's limit) */
  ask: requestRoute(
    'rooms.question.ask',
    z.object({ roomId, clientId: clientIdSchema, text: z.string().min(1).max(QUESTION_LIMITS.textMax), lang: languageCodeSchema }),
    storedQuestionSchema,
  ),
  /**
   * request: a page of the room's open and answered questions, oldest first, after `afterId` (the first page without
   * it), with whether `clientId` upvoted each; pages are sized in bytes (BUS_PAGE_BYTES), `more` when another follows
   */
  list: requestRoute(
    'rooms.question.list',
    z.object({ roomId, clientId: clientIdSchema.optional(), afterId: questionId.optional() }),
    z.object({ enabled: z.boolean(), questions: z.array(storedQuestionSchema.extend({ voted: z.boolean() })), more: z.boolean() }),
  ),
  /** request: one upvote per client id (again: no change); question_not_found for a hidden or unknown one */
  vote: requestRoute(
    'rooms.question.vote',
    z.object({ roomId, questionId, clientId: clientIdSchema }),
    z.object({ id: questionId, votes: z.number().int().min(0) }),
  ),
  /** request from the gateway: the host (owner or host key) marks a question answered, hides it, or opens it again */
  moderate: requestRoute(
    'rooms.question.moderate',
    z.object({ roomId, questionId, access: hostAccessSchema, status: questionStatusSchema }),
    storedQuestionSchema,
  ),
  /** request from the gateway: the host turns questions on or off */
  settings: requestRoute(
    'rooms.question.settings',
    z.object({ roomId, access: hostAccessSchema, enabled: z.boolean() }),
    z.object({ enabled: z.boolean() }),
  ),
  /**
   * request: a page of the questions of a transcript export (open and answered, oldest first, after `afterId`, sized
   * in bytes as `list`); no check, the caller made it
   */
  forExport: requestRoute(
    'rooms.question.export',
    z.object({ roomId, afterId: questionId.optional() }),
    z.object({ questions: z.array(storedQuestionSchema), more: z.boolean() }),
  ),
  /** request to translate-svc: question texts in one language, each translated once per language and stored */
  texts: requestRoute('translate.question.texts', questionTextsRequestSchema, questionTextsReplySchema),

  /** room event: a question was asked (translate-svc translates it into the languages read now) */
  asked: roomEventRoute('event.question', questionAskedEventSchema),
  /** room event: a question's votes or status changed (hidden: gone for everyone) */
  changed: roomEventRoute('event.question-changed', questionChangedEventSchema),
  /** room event: the host turned questions on or off */
  enabled: roomEventRoute('event.questions', questionsEnabledEventSchema),
  /** room event: a question in one language, ready for its readers */
  ready: roomEventRoute('event.question-ready', questionReadyEventSchema),
} as const;
