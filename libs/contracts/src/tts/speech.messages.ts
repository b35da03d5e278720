import { z } from 'zod';
import { requestRoute } from '../bus/route';
import { languageCodeSchema } from '../languages';
import { purgeRoomsRequestSchema } from '../rooms/retention';

/** Speech of one stored message in one language: what viewers of that language read, read aloud. */
export const speechRequestSchema = z.object({
  roomId: z.uuid(),
  messageId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  lang: languageCodeSchema,
});

export const speechResponseSchema = z.object({
  mime: z.literal('audio/mpeg'),
  /** The audio, base64 (a sentence's MP3 is tens of kilobytes: well within a bus message). */
  audio: z.string(),
  /** Characters synthesised: what the provider charges for. */
  characters: z.int(),
});

export type SpeechRequest = z.infer<typeof speechRequestSchema>;
export type SpeechResponse = z.infer<typeof speechResponseSchema>;

/** Bus subjects of speech synthesis, served by tts-svc. */
export const SPEECH_SUBJECTS = {
  /** request: the message's audio in a language, made once (then kept) */
  speak: requestRoute('tts.speech.get', speechRequestSchema, speechResponseSchema),
  /** request from rooms-svc before it deletes rooms or their content: their audio goes first, and none is made again */
  purgeRooms: requestRoute('tts.room.purge', purgeRoomsRequestSchema, z.object({ deleted: z.int() })),
} as const;
