import { z } from 'zod';
import { ASR_PROVIDERS } from '../asr/asr.messages';

/**
 * The glossary terms the room's speech recogniser is given (`GET /api/rooms/{roomId}/glossary/vocabulary`):
 * the provider's name (null when speech is recognised in browsers only), the terms sent, in the glossary's
 * order, and how many its limit left out.
 */
export const glossaryVocabularyResponseSchema = z
  .object({
    room_id: z.uuid(),
    provider: z.enum(ASR_PROVIDERS).nullable(),
    sent: z.array(z.string()),
    omitted: z.int().min(0),
    limit: z.int().min(0),
  })
  .meta({ id: 'GlossaryVocabulary' });
export type GlossaryVocabularyResponse = z.infer<typeof glossaryVocabularyResponseSchema>;
