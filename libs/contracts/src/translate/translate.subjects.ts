import { z } from 'zod';
import { keyedRoomEventRoute, requestRoute, typed } from '../bus/route';
import { serviceHealthSchema } from '../health';
import { languageCodeSchema } from '../languages';
import type { TranslationFrame } from '../protocol/server-frames';
import { purgeRoomsRequestSchema } from '../rooms/retention';
import {
  roomSummariesExportRequestSchema,
  roomTranslationsExportRequestSchema,
  storedSummarySchema,
  storedTranslationSchema,
} from './room-export.messages';

export const translationHistoryRequestSchema = z.object({
  roomId: z.string().uuid(),
  lang: languageCodeSchema,
  afterSeq: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(1000),
  /**
   * A viewer's download: missing translations are made only when viewers read `lang` now; otherwise those
   * lines come as spoken, marked `original` (a stranger naming languages spends nothing of the owner's).
   */
  onlyInDemand: z.boolean().optional(),
});

export type TranslationHistoryRequest = z.infer<typeof translationHistoryRequestSchema>;
export type TranslationReadyEvent = TranslationFrame;

export interface ProviderStatusResponse {
  llmConfigured: boolean;
}

/** Bus subjects served or published by translate-svc. */
export const TRANSLATE_SUBJECTS = {
  /** request: translations of a room's messages in one language (stored ones, the rest translated now) */
  history: requestRoute('translate.translation.history', translationHistoryRequestSchema, typed<TranslationFrame[]>()),
  /** room event, keyed by language: a translation is ready for the viewers of that language */
  ready: keyedRoomEventRoute('translation', typed<TranslationReadyEvent>()),
  /** request: one stored message as the viewers of a language read it (translated now if it was not yet) */
  message: requestRoute(
    'translate.translation.message',
    z.object({ roomId: z.uuid(), messageId: z.string().min(1).max(64), lang: languageCodeSchema }),
    typed<TranslationFrame>(),
  ),
  /** request: whether a translation provider is configured */
  status: requestRoute('translate.provider.status', z.object({}), typed<ProviderStatusResponse>()),
  /** request from rooms-svc before it deletes rooms or their content: their stored translations go first, and none is stored again */
  purgeRooms: requestRoute('translate.room.purge', purgeRoomsRequestSchema, z.object({ deleted: z.number().int() })),
  /**
   * request from rooms-svc when a room ends: how many of its messages were translated, that is have a stored
   * translation into at least one language that is the provider's (not a fallback to the original)
   */
  translatedCount: requestRoute(
    'translate.translation.count',
    z.object({ roomId: z.uuid() }),
    z.object({ translated: z.number().int().min(0) }),
  ),
  /** request from the gateway for its owner's archive: a page of a room's stored translations, by seq, every language */
  exportTranslations: requestRoute(
    'translate.room.export-translations',
    roomTranslationsExportRequestSchema,
    z.array(storedTranslationSchema),
  ),
  /** request from the gateway for its owner's archive: the room's stored summaries, oldest first */
  exportSummaries: requestRoute('translate.room.export-summaries', roomSummariesExportRequestSchema, z.array(storedSummarySchema)),
  /** request: whether translate-svc answers and reaches its database */
  health: requestRoute('translate.health.check', z.object({}), serviceHealthSchema),
} as const;
