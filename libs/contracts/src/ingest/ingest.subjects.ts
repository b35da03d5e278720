import { z } from 'zod';
import { requestRoute, roomEventRoute } from '../bus/route';
import { hostAccessSchema } from '../rooms/host-access';
import { languageCodeSchema } from '../languages';
import { feedStatusSchema } from './ingest.dto';

const roomId = z.uuid();
/** The owner (its session) or a holder of the room's host key, as for the glossary. */
const accessRequest = z.object({ roomId, access: hostAccessSchema });

export const ingestKeyStateSchema = z.object({ hasKey: z.boolean(), createdAt: z.string().nullable() });
export const ingestKeyRotatedSchema = z.object({ key: z.string(), createdAt: z.string() });
export const ingestRoomSchema = z.object({ room: z.object({ roomId, sourceLanguage: languageCodeSchema }).nullable() });
export const feedStatusEventSchema = feedStatusSchema.extend({ roomId, timestamp: z.string() });
export type FeedStatusEvent = z.infer<typeof feedStatusEventSchema>;

/** Stream keys live in rooms-svc (hashed, with the room); the ingest runs in asr-svc. */
export const INGEST_SUBJECTS = {
  /** request from the gateway: whether the room has a key (room_not_found / invalid_host_key) */
  read: requestRoute('rooms.ingest.read', accessRequest, ingestKeyStateSchema),
  /** request from the gateway: a new key replaces the old one, which stops working at once; `rotated` is emitted */
  rotate: requestRoute('rooms.ingest.rotate', accessRequest, ingestKeyRotatedSchema),
  /** request from the ingest: the room a key's SHA-256 opens, or null */
  resolve: requestRoute('rooms.ingest.resolve', z.object({ keyHash: z.string().regex(/^[0-9a-f]{64}$/) }), ingestRoomSchema),
  /** request from the gateway to the ingest: the room's feed now */
  status: requestRoute('asr.ingest.status', z.object({ roomId }), feedStatusSchema),
  /** room event from rooms-svc: the key changed; the ingest cuts the room's publisher */
  rotated: roomEventRoute('event.ingest-key', z.object({ roomId })),
  /** room event from the ingest: the feed's state (on a change, and every second while receiving); hosts get `feed_status` */
  feedStatus: roomEventRoute('event.feed-status', feedStatusEventSchema),
} as const;
