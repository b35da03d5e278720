import { ROOMS_SUBJECTS, RoomsErrorCode, type AppendTranscriptRequest } from '@lt/contracts';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { createRoom, MODES } from '../helpers';

jest.setTimeout(30_000);

/** A final transcript is stored once per (room, messageId), with the room's next seq, whatever arrives at once. */
describe.each(MODES)('storing a final transcript (%s mode)', (mode) => {
  let stack: Stack;
  const suite = describeStack({ mode, llm: false });

  beforeAll(() => {
    ({ stack } = suite);
  });

  const line = (roomId: string, messageId: string, extra: Partial<AppendTranscriptRequest> = {}): AppendTranscriptRequest => ({
    roomId,
    messageId,
    text: `Frase ${messageId}`,
    sourceLanguage: 'es',
    timestamp: new Date().toISOString(),
    confidence: 0.9,
    speakerId: 'host-1',
    speakerName: 'Ana',
    ...extra,
  });
  const append = (request: AppendTranscriptRequest) => stack.bus.request(ROOMS_SUBJECTS.appendTranscript, request);

  async function startedRoom(): Promise<string> {
    const { room } = await createRoom(stack.baseUrl, 'Append');
    await stack.bus.request(ROOMS_SUBJECTS.setStatus, { roomId: room.id, status: 'active', sourceLanguage: 'es' });
    return room.id;
  }

  const stored = async (roomId: string) =>
    (
      await (
        await suite.sql()
      ).query('SELECT message_id, seq, text, confidence_level FROM rooms.message_logs WHERE room_id = $1 ORDER BY seq', [roomId])
    ).rows;

  it('gives lines sent at once the seqs 1..N, each once, without a hole, and moves the room to the last', async () => {
    const roomId = await startedRoom();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => append(line(roomId, `m${i}`))));
    expect(answers.every((a) => a.created)).toBe(true);
    expect(answers.map((a) => a.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const rows = await stored(roomId);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(rows[0]).toMatchObject({ confidence_level: 'high' });
    const { lastSeq } = await stack.bus.request(ROOMS_SUBJECTS.getRoom, { roomId });
    expect(lastSeq).toBe(20);
  });

  it('stores a line sent ten times at once once: every answer carries its one seq, and the next line follows it', async () => {
    const roomId = await startedRoom();
    await append(line(roomId, 'first'));
    const answers = await Promise.all(Array.from({ length: 10 }, () => append(line(roomId, 'again'))));
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.seq))).toEqual(new Set([2]));
    expect((await append(line(roomId, 'next'))).seq).toBe(3);
    expect((await stored(roomId)).map((r) => r.message_id)).toEqual(['first', 'again', 'next']);
  });

  it('refuses a room not started, a room that is not there and a removed speaker; a resend after the end gets its seq', async () => {
    const { room } = await createRoom(stack.baseUrl, 'Not started');
    await expect(append(line(room.id, 'early'))).rejects.toMatchObject({ code: RoomsErrorCode.RoomNotActive });
    await expect(append(line(crypto.randomUUID(), 'nowhere'))).rejects.toMatchObject({ code: RoomsErrorCode.RoomNotFound });
    const roomId = await startedRoom();
    const speaker = { speakerId: crypto.randomUUID(), invitedSpeaker: true };
    await expect(append(line(roomId, 'gone', speaker))).rejects.toMatchObject({ code: RoomsErrorCode.InvalidInvite });
    expect(await append(line(roomId, 'last'))).toEqual({ seq: 1, created: true });
    await stack.bus.request(ROOMS_SUBJECTS.setStatus, { roomId, status: 'ended' });
    expect(await append(line(roomId, 'last'))).toEqual({ seq: 1, created: false });
    await expect(append(line(roomId, 'late'))).rejects.toMatchObject({ code: RoomsErrorCode.RoomNotActive });
    expect(await stored(roomId)).toHaveLength(1);
  });
});
