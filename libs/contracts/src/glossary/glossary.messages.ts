import { z } from 'zod';
import { roomEventRoute, requestRoute } from '../bus/route';
import { languageCodeSchema } from '../languages';
import { hostAccessSchema } from '../rooms/host-access';

/** What one room's glossary may hold (documented in docs/api.md). */
export const GLOSSARY_LIMITS = {
  maxEntries: 500,
  termMax: 100,
  translationMax: 200,
  noteMax: 300,
  /** The JSON body of a replacement, so a whole glossary travels on the bus (whose messages stop at 1 MB). */
  bodyMaxBytes: 512 * 1024,
} as const;

const term = z.string().trim().min(1).max(GLOSSARY_LIMITS.termMax);

/**
 * One entry: a source term that either stays as it is in every language (`keep`) or has a translation per
 * target language (languages without one are left to the translator), with an optional note for it.
 */
export const glossaryEntrySchema = z.object({
  term,
  keep: z.boolean(),
  translations: z.partialRecord(languageCodeSchema, z.string().trim().min(1).max(GLOSSARY_LIMITS.translationMax)).default({}),
  note: z.string().trim().max(GLOSSARY_LIMITS.noteMax).optional(),
});

export type GlossaryEntry = z.output<typeof glossaryEntrySchema>;

/** A room's glossary; `version` grows by one with every change (translations cached under an older one are not reused). */
export const roomGlossarySchema = z.object({
  roomId: z.uuid(),
  version: z.number().int().min(0),
  entries: z.array(glossaryEntrySchema).max(GLOSSARY_LIMITS.maxEntries),
});

export type RoomGlossary = z.output<typeof roomGlossarySchema>;

export const glossaryChangedEventSchema = z.object({ roomId: z.uuid(), version: z.number().int().min(0) });
export type GlossaryChangedEvent = z.output<typeof glossaryChangedEventSchema>;

const accessRequest = z.object({ roomId: z.uuid(), access: hostAccessSchema });

/** Bus subjects of room glossaries (served by rooms-svc, which owns them). */
export const GLOSSARY_SUBJECTS = {
  /** request: the room's glossary (version 0 and no entries when it has none; room_not_found for no room) */
  get: requestRoute('rooms.glossary.get', z.object({ roomId: z.uuid() }), roomGlossarySchema),
  /** request from the gateway: the glossary for its owner or a host-key holder (room_not_found / invalid_host_key) */
  read: requestRoute('rooms.glossary.read', accessRequest, roomGlossarySchema),
  /**
   * request from the gateway: the glossary replaced by these entries (checked by the gateway); the version
   * grows by one and `changed` is emitted, unless the entries are the ones already stored
   */
  replace: requestRoute('rooms.glossary.replace', accessRequest.extend({ entries: roomGlossarySchema.shape.entries }), roomGlossarySchema),
  /** room event: the glossary changed; translate-svc drops what it holds of the older version */
  changed: roomEventRoute('event.glossary', glossaryChangedEventSchema),
} as const;
