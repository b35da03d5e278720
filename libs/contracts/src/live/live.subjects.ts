import type { LanguageCode } from '../languages';
import type { InterimFrame } from '../protocol/server-frames';

/** Bus subjects between the gateways and the services about who is watching and what is provisional. */
export const LIVE_SUBJECTS = {
  /** event: a gateway's viewer languages for one room (full replacement for that gateway and room) */
  presence: 'live.presence.changed',
  /** event: a service asks every gateway to publish its whole presence again */
  presenceSync: 'live.presence.sync',
  /** event: an interim line to show provisionally */
  interim: 'live.room.interim',
} as const;

export interface PresenceEvent {
  gatewayId: string;
  roomId: string;
  /** Languages with at least one viewer on that gateway; empty when none are left. */
  langs: LanguageCode[];
  /** The presence expires unless refreshed within this many ms. */
  ttlMs: number;
}

export type InterimEvent = InterimFrame;
