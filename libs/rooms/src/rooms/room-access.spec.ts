import { sha256 } from '@lt/platform';
import type { SpeakerEntity } from '../speakers/speaker.entity';
import type { SpeakersRepository } from '../speakers/speakers.repository';
import { RoomAccess, type RoomActor } from './room-access';
import type { RoomEntity } from './room.entity';
import type { RoomsRepository } from './rooms.repository';

const OWNER = '3f0c2a9e-5b1d-4c7a-9e2f-6d8b1a4c7e90';
const STRANGER = '7d2b8c1e-0a4f-4e3b-8c6d-2f9a1b0c3d4e';
const HOST_KEY = 'host-key-of-the-owned-room-0123456789';
const ANON_KEY = 'host-key-of-the-anonymous-room-98765';
const TOKEN = 'speaker-token-of-the-owned-room-abcdef';

const room = (id: string, ownerId: string | null, hostKey: string): RoomEntity =>
  ({ id, ownerId, name: 'Room', status: 'active', hostKeyHash: sha256(hostKey), lastSeq: 0 }) as RoomEntity;
const OWNED = room('aaaaaaaa-0000-4000-8000-000000000000', OWNER, HOST_KEY);
const ANONYMOUS = room('bbbbbbbb-0000-4000-8000-000000000000', null, ANON_KEY);
const MISSING = 'cccccccc-0000-4000-8000-000000000000';
const SPEAKER = { id: 'speaker-1', roomId: OWNED.id, inviteTokenHash: sha256(TOKEN), speakerName: 'Ana' } as SpeakerEntity;

function access(): RoomAccess {
  const rooms = { findById: async (id: string) => [OWNED, ANONYMOUS].find((r) => r.id === id) ?? null } as unknown as RoomsRepository;
  const speakers = {
    findByToken: async (roomId: string, hash: string) => (roomId === SPEAKER.roomId && hash === SPEAKER.inviteTokenHash ? SPEAKER : null),
  } as unknown as SpeakersRepository;
  return new RoomAccess(rooms, speakers);
}

const owner: RoomActor = { kind: 'user', userId: OWNER };
const stranger: RoomActor = { kind: 'user', userId: STRANGER };
const admin: RoomActor = { kind: 'admin' };
const hostKey = (key: string): RoomActor => ({ kind: 'hostKey', hostKey: key });
const speaker = (token: string): RoomActor => ({ kind: 'speaker', token });

const notFound = { code: 'room_not_found', message: 'Room not found' };
const badKey = { code: 'invalid_host_key', message: 'Invalid host key' };
const notHost = { code: 'invalid_host_key', message: 'Only the owner of this room, or a holder of its host key, can host it' };
const badInvite = { code: 'invalid_invite', message: 'Invalid or expired invite token' };

describe('RoomAccess', () => {
  describe("'owner': manage the room", () => {
    it('lets its owner and an admin in', async () => {
      await expect(access().require(OWNED.id, owner, 'owner')).resolves.toBe(OWNED);
      await expect(access().require(OWNED.id, admin, 'owner')).resolves.toBe(OWNED);
      await expect(access().require(ANONYMOUS.id, admin, 'owner')).resolves.toBe(ANONYMOUS);
    });

    it('tells anyone else the room does not exist, as for a room that is not there', async () => {
      const refused: [string, RoomActor][] = [
        [OWNED.id, stranger],
        [ANONYMOUS.id, owner],
        [OWNED.id, hostKey(HOST_KEY)],
        [OWNED.id, speaker(TOKEN)],
        [MISSING, owner],
        [MISSING, admin],
      ];
      for (const [roomId, actor] of refused) await expect(access().require(roomId, actor, 'owner')).rejects.toMatchObject(notFound);
    });
  });

  describe("'host': speak as the room's host", () => {
    it('lets in the holder of its host key, and its owner', async () => {
      await expect(access().require(OWNED.id, hostKey(HOST_KEY), 'host')).resolves.toBe(OWNED);
      await expect(access().require(ANONYMOUS.id, hostKey(ANON_KEY), 'host')).resolves.toBe(ANONYMOUS);
      await expect(access().require(OWNED.id, owner, 'host')).resolves.toBe(OWNED);
    });

    it('refuses a wrong key, a key of another room, and anyone else', async () => {
      await expect(access().require(OWNED.id, hostKey('a-wrong-host-key-0123456789'), 'host')).rejects.toMatchObject(badKey);
      await expect(access().require(OWNED.id, hostKey(ANON_KEY), 'host')).rejects.toMatchObject(badKey);
      for (const actor of [stranger, admin, speaker(TOKEN)])
        await expect(access().require(OWNED.id, actor, 'host')).rejects.toMatchObject(notHost);
      await expect(access().require(ANONYMOUS.id, owner, 'host')).rejects.toMatchObject(notHost);
    });

    it('answers room_not_found for a room that is not there', async () => {
      await expect(access().require(MISSING, hostKey(HOST_KEY), 'host')).rejects.toMatchObject(notFound);
    });
  });

  describe("'speaker': speak as an invited co-host", () => {
    it('lets in a token made for the room, and says which speaker it is', async () => {
      await expect(access().require(OWNED.id, speaker(TOKEN), 'speaker')).resolves.toBe(OWNED);
      await expect(access().speaker(OWNED.id, TOKEN)).resolves.toEqual({ speaker: SPEAKER, room: OWNED });
    });

    it('gives the same answer for a wrong token, a token of another room, an unknown room and any other actor', async () => {
      const refused: [string, RoomActor][] = [
        [OWNED.id, speaker('a-token-nobody-was-given-000000')],
        [ANONYMOUS.id, speaker(TOKEN)],
        [MISSING, speaker(TOKEN)],
        [OWNED.id, owner],
        [OWNED.id, admin],
        [OWNED.id, hostKey(HOST_KEY)],
      ];
      for (const [roomId, actor] of refused) await expect(access().require(roomId, actor, 'speaker')).rejects.toMatchObject(badInvite);
    });
  });
});
