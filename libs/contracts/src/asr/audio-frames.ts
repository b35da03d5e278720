import { z } from 'zod';
import { cleanText } from '../text';
import { hostLanguageCodeSchema } from '../languages';
import { AUDIO_SAMPLE_RATES } from './audio-wire';

/** The audio socket's client frames as the server validates them (docs/audio.md); the wire itself is in audio-wire.ts. */
export const audioStartFrameSchema = z.object({
  type: z.literal('audio_start'),
  roomId: z.uuid(),
  role: z.enum(['host', 'speaker', 'viewer']),
  hostKey: cleanText('hostKey').min(16).max(200).optional(),
  accessToken: cleanText('accessToken').min(1).max(4096).optional(),
  inviteToken: cleanText('inviteToken').min(16).max(200).optional(),
  streamId: z.uuid(),
  sourceLanguage: hostLanguageCodeSchema,
  sampleRate: z.union(AUDIO_SAMPLE_RATES.map((r) => z.literal(r))),
  resumeFrom: z.int().min(0).optional(),
});
export const audioStopFrameSchema = z.object({ type: z.literal('audio_stop') });
export const audioClientFrameSchema = z.discriminatedUnion('type', [audioStartFrameSchema, audioStopFrameSchema]);

export type AudioStartFrame = z.infer<typeof audioStartFrameSchema>;
export type AudioClientFrame = z.infer<typeof audioClientFrameSchema>;
