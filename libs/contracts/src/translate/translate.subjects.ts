import type { TranslationFrame } from '../protocol/server-frames';
import type { LanguageCode } from '../languages';

/** Bus subjects served or published by translate-svc. */
export const TRANSLATE_SUBJECTS = {
  /** request: translations of a room's messages in one language (stored ones, the rest translated now) */
  history: 'translate.translation.history',
  /** event: a translation is ready for the viewers of one language */
  ready: 'translate.translation.ready',
  /** request: whether a translation provider is configured */
  status: 'translate.provider.status',
} as const;

export interface TranslationHistoryRequest {
  roomId: string;
  lang: LanguageCode;
  afterSeq?: number;
  limit: number;
}

export type TranslationReadyEvent = { roomId: string } & TranslationFrame;

export interface ProviderStatusResponse {
  llmConfigured: boolean;
}
