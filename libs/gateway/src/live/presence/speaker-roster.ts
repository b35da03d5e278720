import type { SpeakerPresenceEvent } from '@lt/contracts';

interface Present {
  speakerName: string;
  expiresAt: number;
}

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
  /** roomId -> speakerId -> name and expiry */
  private readonly rooms = new Map<string, Map<string, Present>>();

  /** Takes a presence event; true when the room's sockets hear of it (a heartbeat is no news). */
  onEvent(event: SpeakerPresenceEvent, now = Date.now()): boolean {
    const speakers = this.rooms.get(event.roomId) ?? new Map<string, Present>();
    if (event.type === 'speaker_left') speakers.delete(event.speakerId);
    else speakers.set(event.speakerId, { speakerName: event.speakerName, expiresAt: event.ttlMs ? now + event.ttlMs : Infinity });
    if (speakers.size) this.rooms.set(event.roomId, speakers);
    else this.rooms.delete(event.roomId);
    return !event.heartbeat;
  }

  /** Drops the speakers not said again in time, and answers them. */
  expire(now = Date.now()): GoneSpeaker[] {
    const gone: GoneSpeaker[] = [];
    for (const [roomId, speakers] of this.rooms) {
      for (const [speakerId, present] of speakers) {
        if (present.expiresAt > now) continue;
        speakers.delete(speakerId);
        gone.push({ roomId, speakerId, speakerName: present.speakerName });
      }
      if (speakers.size === 0) this.rooms.delete(roomId);
    }
    return gone;
  }

  /** This gateway no longer has sockets in the room. */
  forget(roomId: string): void {
    this.rooms.delete(roomId);
  }

  /** Rooms with a speaker known (for tests). */
  get size(): number {
    return this.rooms.size;
  }
}
