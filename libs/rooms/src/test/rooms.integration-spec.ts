import { ROOMS_SUBJECTS } from '@lt/contracts';
import type { Bus } from '@lt/platform';
import { startRoomsApp, type RoomsTestApp } from './rooms-test-app';

describe('rooms-svc on PostgreSQL', () => {
  let rooms: RoomsTestApp | undefined;
  let bus: Bus;

  const createRoom = (name?: string) => bus.request(ROOMS_SUBJECTS.createRoom, { name, origin: 'https://rooms.example' });
  const start = (roomId: string) => bus.request(ROOMS_SUBJECTS.setStatus, { roomId, status: 'active', sourceLanguage: 'es' });
  const append = (roomId: string, messageId: string, text = `text of ${messageId}`) =>
    bus.request(ROOMS_SUBJECTS.appendTranscript, {
      roomId,
      messageId,
      text,
      sourceLanguage: 'es',
      timestamp: new Date().toISOString(),
      confidence: 0.6,
      speakerId: 'host-1',
      speakerName: 'Host',
    });

  beforeAll(async () => {
    rooms = await startRoomsApp();
    bus = rooms.bus;
  });

  afterAll(() => rooms?.close());

  it('creates a room with a default name, a viewer link and a host key of at least 128 bits', async () => {
    const { room, hostKey } = await createRoom('   ');
    expect(room.name).toBe(`Room ${room.id.slice(0, 8)}`);
    expect(room.viewer_link).toBe(`https://rooms.example/view/${room.id}`);
    expect(room.status).toBe('scheduled');
    expect(Buffer.from(hostKey, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(JSON.stringify(room)).not.toContain(hostKey);
    await expect(bus.request(ROOMS_SUBJECTS.authorizeHost, { roomId: room.id, hostKey })).resolves.toMatchObject({
      room: { id: room.id },
      lastSeq: 0,
    });
    await expect(bus.request(ROOMS_SUBJECTS.authorizeHost, { roomId: room.id, hostKey: hostKey.slice(1) + 'A' })).rejects.toMatchObject({
      code: 'invalid_host_key',
    });
  });

  it('refuses transcripts until the room is active', async () => {
    const { room } = await createRoom('Not yet');
    await expect(append(room.id, 'early')).rejects.toMatchObject({ code: 'room_not_active' });
    await expect(append('00000000-0000-4000-8000-000000000000', 'x')).rejects.toMatchObject({ code: 'room_not_found' });
  });

  it('refuses to start a room that has no language and none is given, and keeps the one it has', async () => {
    const { room } = await createRoom('Which language?');
    await expect(bus.request(ROOMS_SUBJECTS.setStatus, { roomId: room.id, status: 'active' })).rejects.toMatchObject({
      code: 'language_required',
      message: 'Language must be set before starting',
    });
    await expect(bus.request(ROOMS_SUBJECTS.getRoom, { roomId: room.id })).resolves.toMatchObject({ room: { status: 'scheduled' } });
    await start(room.id);
    await bus.request(ROOMS_SUBJECTS.setStatus, { roomId: room.id, status: 'ended' });
    await expect(bus.request(ROOMS_SUBJECTS.setStatus, { roomId: room.id, status: 'active' })).resolves.toMatchObject({
      status: 'active',
      source_language: 'es',
    });
  });

  it('gives concurrent transcripts distinct consecutive seqs and stores a resent one once', async () => {
    const { room } = await createRoom('Busy');
    await start(room.id);
    const ids = Array.from({ length: 20 }, (_, i) => `m${i}`);
    const acks = await Promise.all(ids.map((id) => append(room.id, id)));
    expect(acks.map((a) => a.seq).sort((a, b) => a - b)).toEqual(ids.map((_, i) => i + 1));

    const resends = await Promise.all(Array.from({ length: 5 }, () => append(room.id, 'm3')));
    expect(new Set(resends.map((r) => r.seq))).toEqual(new Set([acks[3].seq]));
    expect(resends.every((r) => !r.created)).toBe(true);

    const all = await bus.request(ROOMS_SUBJECTS.listTranscript, { roomId: room.id, limit: 100 });
    expect(all).toHaveLength(20);
    expect(all.map((t) => t.seq)).toEqual(ids.map((_, i) => i + 1));
    expect(all[0].confidenceLevel).toBe('medium');

    const after = await bus.request(ROOMS_SUBJECTS.listTranscript, { roomId: room.id, afterSeq: 15, limit: 3 });
    expect(after.map((t) => t.seq)).toEqual([16, 17, 18]);
    const latest = await bus.request(ROOMS_SUBJECTS.listTranscript, { roomId: room.id, limit: 2 });
    expect(latest.map((t) => t.seq)).toEqual([19, 20]);
  });
});
