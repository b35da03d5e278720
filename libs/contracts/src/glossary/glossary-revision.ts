import { z } from 'zod';
import { keyedRoomEventRoute, requestRoute } from '../bus/route';
import { languageCodeSchema } from '../languages';

/**
 * Lines translated again with the room's current glossary: the host asks for the last N final lines, and
 * viewers get each line's new translation in a `translation_revised` frame, which replaces the line in place.
 */
export const GLOSSARY_REVISION = {
  defaultLines: 5,
  maxLines: 20,
  /** A viewer resuming from a seq is sent at most this many revised lines at or before it. */
  resumeMax: 200,
  /** How long the gateway waits for translate-svc to revise the lines. */
  timeoutMs: 60_000,
} as const;

export const glossaryReviseBodySchema = z
  .object({
    lines: z
      .number()
      .int()
      .min(1)
      .max(GLOSSARY_REVISION.maxLines)
      .default(GLOSSARY_REVISION.defaultLines)
      .describe(`How many of the room's last final lines to translate again (default ${GLOSSARY_REVISION.defaultLines})`),
  })
  .strict()
  .meta({ id: 'GlossaryReviseBody' });
export type GlossaryReviseBody = z.output<typeof glossaryReviseBodySchema>;

export const glossaryRevisionResponseSchema = z
  .object({
    room_id: z.uuid(),
    glossary_version: z.number().int().min(0).describe('The glossary version the lines were translated with'),
    lines: z.number().int().min(0).describe('Lines looked at (fewer than asked when the room has fewer)'),
    languages: z.array(languageCodeSchema).describe('Languages translated again: those viewers read now and those stored for the lines'),
    revised: z.number().int().min(0).describe('Translations replaced (one per line and language) and sent to viewers'),
    unchanged: z.number().int().min(0).describe('Translations that came out the same as before'),
    failed: z.number().int().min(0).describe('Translations the provider could not make in time; the old text stays'),
  })
  .meta({ id: 'GlossaryRevision' });
export type GlossaryRevisionResponse = z.infer<typeof glossaryRevisionResponseSchema>;

/** The frame viewers of one language get for each revised line (documented in docs/protocol.md). */
export const translationRevisedFrameSchema = z.object({
  type: z.literal('translation_revised'),
  messageId: z.string().min(1).max(64),
  seq: z.number().int().min(1),
  lang: languageCodeSchema,
  text: z.string(),
  /** The glossary version the line was translated again with. */
  glossaryVersion: z.number().int().min(0),
});
export type TranslationRevisedFrame = z.output<typeof translationRevisedFrameSchema>;

const reviseRequestSchema = z.object({
  roomId: z.uuid(),
  lines: z.number().int().min(1).max(GLOSSARY_REVISION.maxLines),
  /** The version the gateway read: a replica holding an older one reads the glossary again first. */
  glossaryVersion: z.number().int().min(0),
});
const reviseReplySchema = z.object({
  glossaryVersion: z.number().int().min(0),
  lines: z.number().int().min(0),
  languages: z.array(languageCodeSchema),
  revised: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  failed: z.number().int().min(0),
});

/** Bus subjects of revisions (served and published by translate-svc). */
export const REVISION_SUBJECTS = {
  /** request from the gateway, once it checked the caller: the room's last `lines` lines translated again */
  revise: requestRoute('translate.translation.revise', reviseRequestSchema, reviseReplySchema),
  /** room event, keyed by language: one line's revised translation for the viewers of that language */
  revised: keyedRoomEventRoute('translation_revised', translationRevisedFrameSchema),
  /** request: a language's revised lines at or before `upToSeq`, oldest first (for a viewer resuming from it) */
  list: requestRoute(
    'translate.translation.revisions',
    z.object({
      roomId: z.uuid(),
      lang: languageCodeSchema,
      upToSeq: z.number().int().min(0),
      limit: z.number().int().min(1).max(GLOSSARY_REVISION.resumeMax),
    }),
    z.array(translationRevisedFrameSchema),
  ),
} as const;
