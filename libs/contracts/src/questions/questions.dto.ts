import { z } from 'zod';
import { languageCodeSchema } from '../languages';
import { roomIdParamsSchema } from '../rooms/room-id.dto';
import { cleanText } from '../text';

/** What questions from the audience may be (documented in docs/api.md). */
export const QUESTION_LIMITS = {
  textMax: 500,
  /** Questions (open or answered: hidden ones do not count) one room holds at most; past it, `questions_full`. */
  perRoom: 1000,
  /** The text of a room's questions (open or answered) in UTF-8 bytes at most; past it, `questions_full`. */
  roomTextBytes: 512_000,
} as const;

export const questionStatusSchema = z.enum(['open', 'answered', 'hidden']);
export type QuestionStatus = z.infer<typeof questionStatusSchema>;

/**
 * Unicode's bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): in a question they would
 * reorder what the host and other viewers read around it, so a question holding one is refused.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** `POST /api/view/:roomId/questions`: a viewer's question, in the language it reads the room in. */
export const askQuestionBodySchema = z
  .object({
    text: cleanText('Question')
      .trim()
      .min(1, 'The question is empty')
      .max(QUESTION_LIMITS.textMax, `A question has at most ${QUESTION_LIMITS.textMax} characters`)
      .refine((text) => !BIDI_CONTROLS.test(text), 'A question may not hold bidirectional override characters'),
    lang: languageCodeSchema,
  })
  .strict();
export type AskQuestionBody = z.infer<typeof askQuestionBodySchema>;

/** `GET /api/view/:roomId/questions?lang=`: the questions in that language. */
export const questionsQuerySchema = z.object({ lang: languageCodeSchema }).strict();
export type QuestionsQuery = z.infer<typeof questionsQuerySchema>;

export const questionParamsSchema = roomIdParamsSchema.extend({ questionId: z.uuid() });
export type QuestionParams = z.infer<typeof questionParamsSchema>;

/** `PATCH /api/rooms/:roomId/questions/:questionId` (the host): answered, hidden (gone for everyone) or open again. */
export const moderateQuestionBodySchema = z.object({ status: questionStatusSchema }).strict();
export type ModerateQuestionBody = z.infer<typeof moderateQuestionBodySchema>;

/** `PUT /api/rooms/:roomId/question-settings` (the host): whether the audience may ask. */
export const questionSettingsBodySchema = z
  .object({ enabled: z.boolean().describe('Viewers may ask questions and upvote them') })
  .strict()
  .meta({ id: 'QuestionSettings' });
export type QuestionSettingsBody = z.infer<typeof questionSettingsBodySchema>;

const timestamp = z.iso.datetime().meta({ examples: ['2025-05-01T09:30:00.000Z'] });

/** A question as one language's readers see it. Its texts are plain text: never HTML nor markdown. */
export const questionViewSchema = z
  .object({
    id: z.uuid(),
    text: z.string().describe('In `lang`: the translation, or the original when it was asked in that language'),
    lang: languageCodeSchema.describe('The language `text` is in'),
    original: z.string().describe('As the viewer wrote it'),
    original_lang: languageCodeSchema,
    votes: z.int().min(0),
    status: z.enum(['open', 'answered']),
    created_at: timestamp,
    fallback: z.enum(['service', 'original']).optional().describe('`original`: it could not be translated now'),
    voted: z.boolean().optional().describe('Whether the caller (its X-Client-Id) upvoted it; in lists only'),
  })
  .meta({ id: 'Question' });
export type QuestionView = z.infer<typeof questionViewSchema>;

export const questionListResponseSchema = z
  .object({
    enabled: z.boolean().describe('Whether the audience may ask now'),
    lang: languageCodeSchema,
    questions: z.array(questionViewSchema).describe('Open and answered ones, oldest first; hidden ones are gone'),
  })
  .meta({ id: 'QuestionList' });
export type QuestionListResponse = z.infer<typeof questionListResponseSchema>;

export const questionVoteResponseSchema = z
  .object({ id: z.uuid(), votes: z.int().min(0), voted: z.literal(true) })
  .meta({ id: 'QuestionVote' });
export type QuestionVoteResponse = z.infer<typeof questionVoteResponseSchema>;
