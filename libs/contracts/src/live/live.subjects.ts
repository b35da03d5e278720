import { z } from 'zod';
import { eventRoute, roomEventRoute, typed } from '../bus/route';
import { languageCodeSchema } from '../languages';
import type { InterimFrame } from '../protocol/server-frames';

export const presenceEventSchema = z.object({
  gatewayId: z.string().min(1),
  roomId: z.string().uuid(),
  /** Languages with at least one viewer on that gateway; empty when none are left. */
  langs: z.array(languageCodeSchema),
  /** The presence expires unless refreshed within this many ms. */
  ttlMs: z.number().int().positive(),
  /** Whether the room's host is connected to that gateway (the admin panel shows it). */
  host: z.boolean().optional(),
  /** Viewers on that gateway per language (the room's analytics); absent from gateways that do not count. */
  viewers: z.partialRecord(languageCodeSchema, z.int().min(0)).optional(),
  /** Viewers (the browser's id) who joined on that gateway since its last presence: the room's unique viewers. */
  arrivals: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{1,80}$/))
    .max(1_000)
    .optional(),
});

export type PresenceEvent = z.infer<typeof presenceEventSchema>;
export type InterimEvent = InterimFrame;

/** Bus subjects between the gateways and the services about who is watching and what is provisional. */
export const hostPresenceEventSchema = z.object({
  roomId: z.string(),
  gatewayId: z.string(),
  connected: z.boolean(),
  /**
   * A connected host expires unless said again within this many ms (a gateway killed says nothing more).
   * Absent (a gateway of an earlier version): it holds until that gateway says otherwise.
   */
  ttlMs: z.number().int().positive().optional(),
});
export type HostPresenceEvent = z.infer<typeof hostPresenceEventSchema>;

/** Whether a viewer (its browser's id) has a socket joined to a room on some gateway: asked before it asks or votes. */
export const viewerProbeSchema = z.object({
  roomId: z.uuid(),
  viewerId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  probeId: z.uuid(),
});
export const viewerFoundSchema = z.object({ probeId: z.uuid() });

export const LIVE_SUBJECTS = {
  /** event for every gateway (no queue): does a viewer socket of this browser sit in this room on your side? */
  viewerProbe: eventRoute('live.viewer.probe', viewerProbeSchema),
  /** event for every gateway: the answer of the one holding it (only a holder answers; silence is no) */
  viewerFound: eventRoute('live.viewer.found', viewerFoundSchema),
  /** event: a gateway's viewer languages for one room (full replacement for that gateway and room) */
  presence: eventRoute('live.presence.changed', presenceEventSchema),
  /** event: a service asks every gateway to publish its whole presence again */
  presenceSync: eventRoute('live.presence.sync', z.object({})),
  /** room event: an interim line to show provisionally */
  interim: roomEventRoute('event.interim', typed<InterimEvent>()),
  /** room event: a gateway's host connections of the room went from none to some, or back; repeated while some */
  host: roomEventRoute('event.host', hostPresenceEventSchema),
  /** room event: a gateway that just took the room asks the others to say whether they hold its host */
  hostQuery: roomEventRoute('event.host-query', z.object({ roomId: z.string(), gatewayId: z.string() })),
} as const;
