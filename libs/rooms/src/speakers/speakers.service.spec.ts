import { createHash } from 'node:crypto';
import type { Bus } from '@lt/platform';
import { RoomAccess } from '../rooms/room-access';
import type { RoomEntity } from '../rooms/room.entity';
import type { RoomsRepository } from '../rooms/rooms.repository';
import type { SpeakerEntity } from './speaker.entity';
import type { NewSpeaker, SpeakersRepository } from './speakers.repository';
import { SpeakersService, toSpeakerResponse } from './speakers.service';

const OWNER = '3f0c2a9e-5b1d-4c7a-9e2f-6d8b1a4c7e90';
const room = (id: string): RoomEntity =>
  ({ id, ownerId: OWNER, name: `Room ${id.slice(0, 4)}`, status: 'active', sourceLanguage: 'es', lastSeq: 7 }) as RoomEntity;
const ROOMS = [room('aaaaaaaa-0000-4000-8000-000000000000'), room('bbbbbbbb-0000-4000-8000-000000000000')];

function service() {
  const rows: SpeakerEntity[] = [];
  const speakers = {
    create: async (s: NewSpeaker) => {
      const row = {
        ...s,
        id: crypto.randomUUID(),
        speakerRole: 'co-host',
        isActive: false,
        inputLanguage: null,
        joinedAt: null,
        createdAt: new Date(),
      } as SpeakerEntity;
      rows.push(row);
      return row;
    },
    findByToken: async (roomId: string, hash: string) => rows.find((r) => r.roomId === roomId && r.inviteTokenHash === hash) ?? null,
    markJoined: async (id: string, lang: 'es') =>
      Object.assign(rows.find((r) => r.id === id) as SpeakerEntity, { isActive: true, inputLanguage: lang, joinedAt: new Date() }),
  } as unknown as SpeakersRepository;
  const rooms = {
    findById: async (id: string) => ROOMS.find((r) => r.id === id) ?? null,
  } as unknown as RoomsRepository;
  const bus = { emitToRoom: jest.fn(), request: jest.fn() } as unknown as Bus;
  return { svc: new SpeakersService(speakers, new RoomAccess(rooms, speakers), bus), rows };
}

describe('SpeakersService', () => {
  it('keeps only the hash of a 256-bit token, and hands the token out in the link once', async () => {
    const { svc, rows } = service();
    const { inviteLink, speaker } = await svc.invite({
      roomId: ROOMS[0].id,
      ownerId: OWNER,
      name: 'Ana Lía',
      origin: 'https://rooms.example/',
    });
    const url = new URL(inviteLink);
    const token = url.searchParams.get('token') as string;
    expect(url.origin + url.pathname).toBe(`https://rooms.example/speak/${ROOMS[0].id}`);
    expect(url.searchParams.get('name')).toBe('Ana Lía');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(rows[0].inviteTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(speaker)).not.toContain(token);
  });

  it('opens only the room the token was made for', async () => {
    const { svc } = service();
    const { inviteLink } = await svc.invite({ roomId: ROOMS[0].id, ownerId: OWNER, name: 'Ana', origin: 'https://rooms.example' });
    const token = new URL(inviteLink).searchParams.get('token') as string;
    await expect(svc.verify(ROOMS[0].id, token)).resolves.toMatchObject({
      speaker: { speaker_name: 'Ana' },
      room: { name: ROOMS[0].name },
    });
    for (const attempt of [
      svc.verify(ROOMS[1].id, token),
      svc.join(ROOMS[1].id, token, 'es'),
      svc.authorize({ roomId: ROOMS[1].id, token }),
    ]) {
      await expect(attempt).rejects.toMatchObject({ code: 'invalid_invite', message: 'Invalid or expired invite token' });
    }
    await expect(svc.authorize({ roomId: ROOMS[0].id, token, lang: 'es' })).resolves.toMatchObject({
      lastSeq: 7,
      speaker: { name: 'Ana' },
    });
  });

  it('shows Active, Joined or Invited', () => {
    const base = { id: 'x', roomId: 'r', speakerName: 'A', speakerRole: 'co-host', inputLanguage: null, createdAt: new Date(0) } as const;
    expect(toSpeakerResponse({ ...base, isActive: false, joinedAt: null } as SpeakerEntity).status).toBe('invited');
    expect(toSpeakerResponse({ ...base, isActive: true, joinedAt: new Date() } as SpeakerEntity).status).toBe('active');
    expect(toSpeakerResponse({ ...base, isActive: false, joinedAt: new Date() } as SpeakerEntity).status).toBe('joined');
  });
});
