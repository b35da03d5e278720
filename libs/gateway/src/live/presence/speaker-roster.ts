import type { SpeakerPresenceEvent } from '@lt/contracts';
import { RoomPresence } from '@lt/platform';

/** A speaker whose presence expired: the room hears it left. */
export interface GoneSpeaker {
  roomId: string;
  speakerId: string;
  speakerName: string;
}

/**
 * The speakers present in the rooms this gateway has sockets in, as their gateways say (joined, repeated
 * while they stay, left). A speaker not said again within its TTL is gone: its gateway died without a word.
 */
export class SpeakerRoster {
  /** Per room, each present speaker's name. */
  private readonly rooms = new RoomPresence<string>();

  /** Takes a presence event; true when the room's sockets hear of it (a heartbeat is no news). */
  onEvent(event: SpeakerPresenceEvent, now = Date.now()): boolean {
    if (event.type === 'speaker_left') this.rooms.drop(event.roomId, event.speakerId);
    else this.rooms.say(event.roomId, event.speakerId, event.speakerName, event.ttlMs ? now + event.ttlMs : Infinity);
    return !event.heartbeat;
  }

  /** Drops the speakers not said again in time, and answers them. */
  expire(now = Date.now()): GoneSpeaker[] {
    return this.rooms.expire(now).map(({ roomId, part, value }) => ({ roomId, speakerId: part, speakerName: value }));
  }

  /** This gateway no longer has sockets in the room. */
  forget(roomId: string): void {
    this.rooms.forget(roomId);
  }

  /** Rooms with a speaker known (for tests). */
  get size(): number {
    return this.rooms.size;
  }
}
