import { Injectable } from '@nestjs/common';
import { INVALID_INVITE_MESSAGE } from '@lt/contracts';
import { matchesHash, sha256 } from '@lt/platform';
import type { SpeakerEntity } from '../speakers/speaker.entity';
import { SpeakersRepository } from '../speakers/speakers.repository';
import type { RoomEntity } from './room.entity';
import { RoomsErrorCode, RoomsException } from './rooms.exception';
import { RoomsRepository } from './rooms.repository';

/**
 * Who asks for a room. The gateway vouches for `user` (it verified the access token) and `admin` (it checked
 * the role); `hostKey` and `speaker` carry a secret that is checked here against its stored hash.
 */
export type RoomActor =
  { kind: 'user'; userId: string } | { kind: 'admin' } | { kind: 'hostKey'; hostKey: string } | { kind: 'speaker'; token: string };

/**
 * What the actor wants to do with the room:
 * - `owner`: manage it (edit, delete, duplicate, start or end from the dashboard, its speakers, its transcript).
 *   Its owner and an admin may. Anyone else is told the room does not exist (`room_not_found`), so nobody
 *   learns that another's room exists.
 * - `host`: speak as its host. A holder of its host key, or its owner, may; anyone else gets `invalid_host_key`
 *   (an unknown room is `room_not_found`).
 * - `speaker`: speak as an invited co-host. Only a token made for this room, of a speaker not removed, opens it;
 *   an unknown room, a token of another room and a removed speaker get the same `invalid_invite`.
 */
export type RoomRight = 'owner' | 'host' | 'speaker';

export const userActor = (userId: string): RoomActor => ({ kind: 'user', userId });

const notFound = () => new RoomsException(RoomsErrorCode.RoomNotFound, 'Room not found');
const invalidInvite = () => new RoomsException(RoomsErrorCode.InvalidInvite, INVALID_INVITE_MESSAGE);

/** The one place that decides whether an actor may do something with a room. */
@Injectable()
export class RoomAccess {
  constructor(
    private readonly rooms: RoomsRepository,
    private readonly speakers: SpeakersRepository,
  ) {}

  /** The room when `actor` has `right` on it; the right's error otherwise. */
  async require(roomId: string, actor: RoomActor, right: RoomRight): Promise<RoomEntity> {
    switch (right) {
      case 'owner':
        return this.requireOwner(roomId, actor);
      case 'host':
        return this.requireHost(roomId, actor);
      case 'speaker':
        if (actor.kind !== 'speaker') throw invalidInvite();
        return (await this.speaker(roomId, actor.token)).room;
    }
  }

  /** The invited speaker a token names, with its room (the `speaker` right, when the caller needs who it is). */
  async speaker(roomId: string, token: string): Promise<{ speaker: SpeakerEntity; room: RoomEntity }> {
    const speaker = await this.speakers.findByToken(roomId, sha256(token));
    const room = speaker ? await this.rooms.findById(roomId) : null;
    if (!speaker || !room) throw invalidInvite();
    return { speaker, room };
  }

  private async requireOwner(roomId: string, actor: RoomActor): Promise<RoomEntity> {
    const room = await this.rooms.findById(roomId);
    if (!room) throw notFound();
    if (actor.kind === 'admin') return room;
    if (actor.kind === 'user' && room.ownerId !== null && room.ownerId === actor.userId) return room;
    throw notFound();
  }

  private async requireHost(roomId: string, actor: RoomActor): Promise<RoomEntity> {
    const room = await this.rooms.findById(roomId);
    if (!room) throw notFound();
    if (actor.kind === 'hostKey') {
      if (matchesHash(actor.hostKey, room.hostKeyHash)) return room;
      throw new RoomsException(RoomsErrorCode.InvalidHostKey, 'Invalid host key');
    }
    if (actor.kind === 'user' && room.ownerId !== null && room.ownerId === actor.userId) return room;
    throw new RoomsException(RoomsErrorCode.InvalidHostKey, 'Only the owner of this room, or a holder of its host key, can host it');
  }
}
