import { z } from 'zod';
import { keyedRoomEventRoute, requestRoute, roomEventRoute } from '../bus/route';
import { languageCodeSchema } from '../languages';

/**
 * Fast captions: viewers read the translation while the speaker is still talking. Two provisional frames,
 * neither stored nor part of the `seq` promise (docs/protocol.md):
 * - `translation_partial`: the growing text of a final sentence's translation while the language model writes it;
 * - `interim_translation`: the speaker's interim line translated, its last words held back until they settle.
 */
const isoTimestamp = z.string().datetime({ offset: true });
const speakerFields = {
  messageId: z.string().min(1).max(64),
  sourceLanguage: languageCodeSchema,
  timestamp: isoTimestamp,
  speakerId: z.string().min(1).max(64),
  speakerName: z.string().max(100),
};

export const translationPartialFrameSchema = z.object({
  type: z.literal('translation_partial'),
  seq: z.number().int().min(1),
  lang: languageCodeSchema,
  /** The translation so far, whole words only; the `translation` frame of the same seq replaces it. */
  text: z.string().max(20_000),
  ...speakerFields,
});
export type TranslationPartialFrame = z.output<typeof translationPartialFrameSchema>;

export const interimTranslationFrameSchema = z.object({
  type: z.literal('interim_translation'),
  roomId: z.uuid(),
  lang: languageCodeSchema,
  /** The interim line translated, without its last words (they may still change). */
  text: z.string().max(20_000),
  ...speakerFields,
});
export type InterimTranslationFrame = z.output<typeof interimTranslationFrameSchema>;

/** The room's setting for hosts: whether interim lines are translated ("Fast captions"). */
export const roomSettingsEventSchema = z.object({ roomId: z.uuid(), fastCaptions: z.boolean() });
export type RoomSettingsEvent = z.output<typeof roomSettingsEventSchema>;

/** Tokens spent on interim translation in a room so far (hosts see it live). */
export const interimUsageEventSchema = z.object({ roomId: z.uuid(), tokens: z.number().int().min(0) });
export type InterimUsageEvent = z.output<typeof interimUsageEventSchema>;

export interface RoomSettingsFrame extends RoomSettingsEvent {
  type: 'room_settings';
}
export interface InterimUsageFrame extends InterimUsageEvent {
  type: 'interim_usage';
}

export const FAST_CAPTIONS_SUBJECTS = {
  /** room event, keyed by language: the growing translation of a stored sentence */
  partial: keyedRoomEventRoute('translation-partial', translationPartialFrameSchema),
  /** room event, keyed by language: an interim line translated */
  interim: keyedRoomEventRoute('interim-translation', interimTranslationFrameSchema),
  /** room event: the room's Fast captions setting changed (gateways tell hosts, translate-svc follows it) */
  settings: roomEventRoute('event.settings', roomSettingsEventSchema),
  /** room event: the tokens spent on interim translation in the room so far */
  usage: roomEventRoute('event.interim-usage', interimUsageEventSchema),
  /** request: the host sets the room's Fast captions setting (rooms-svc stores it and says so on `settings`) */
  setSettings: requestRoute('rooms.room.set-settings', roomSettingsEventSchema, roomSettingsEventSchema),
  /** request: the tokens spent on interim translation in a room so far (a host's page, on joining) */
  usageOf: requestRoute('translate.interim.usage', z.object({ roomId: z.uuid() }), interimUsageEventSchema),
} as const;

export { steadierText, withoutLastWords, wordCount } from './caption-words';
