import { z } from 'zod';

/**
 * Who acts for a room's host, as the gateway verified it: the room's owner (its session), or whoever holds the
 * room's host key (the host page), which rooms-svc checks against the key's hash. The glossary, the questions'
 * moderation, the ingest keys and the analytics answer to it.
 */
export const hostAccessSchema = z.union([z.object({ ownerId: z.uuid() }), z.object({ hostKey: z.string().min(16).max(200) })]);
export type HostAccess = z.output<typeof hostAccessSchema>;
