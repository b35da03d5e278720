import type { WebSocket } from 'ws';
import { ROOMS_SUBJECTS, TRANSLATE_SUBJECTS, USAGE_SUBJECTS, type StoredTranscript } from '@lt/contracts';
import { createInProcessBus } from '@lt/platform';
import { HostPresence } from '../presence/host-presence';
import { LiveRooms } from './live-rooms';
import { LiveSocket } from '../connection/live-socket';
import { QuotaState } from '../join/quota-state';

function fakeSocket(roomId: string, role: 'host' | 'viewer', sent: string[] = []): LiveSocket {
  const ws = { OPEN: 1, readyState: 1, bufferedAmount: 0, send: (text: string) => void sent.push(text), close: () => undefined };
  const socket = LiveSocket.of(ws as unknown as WebSocket);
  socket.roomId = roomId;
  socket.role = role;
  socket.speakerId = `${role}-${roomId.slice(0, 8)}`;
  socket.lang = role === 'viewer' ? 'fr' : null;
  return socket;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 2));

/** Waits for the in-process bus to have delivered what `check` expects (it delivers on later turns of the loop). */
async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; waited < 5_000 && !check(); waited += 2) await settle();
}

function transcript(roomId: string, seq: number): StoredTranscript {
  return {
    roomId,
    messageId: `m${seq}`,
    seq,
    text: `Frase ${seq}`,
    sourceLanguage: 'es',
    timestamp: new Date().toISOString(),
    confidenceLevel: 'high',
    speakerId: 'speaker-elsewhere',
    speakerName: 'Ana',
  };
}

function setup() {
  const { bus, broker } = createInProcessBus();
  // accounts-svc, answering whether a room may spend.
  broker.subscribe(USAGE_SUBJECTS.status.subject, 'accounts', (d) =>
    d.reply?.({ response: { allowed: true, remaining: 10 }, isDisposed: true }),
  );
  broker.subscribe(TRANSLATE_SUBJECTS.history.subject, 'translate', (d) => d.reply?.({ response: [], isDisposed: true }));
  const quota = new QuotaState(bus);
  const hosts = new HostPresence(bus);
  const rooms = new LiveRooms(bus, hosts, quota);
  return { bus, rooms, quota, hosts };
}

describe('LiveRooms', () => {
  it('keeps nothing of a room once its last socket has left, over 10,000 rooms', async () => {
    const { bus, rooms, quota, hosts } = setup();
    // A hundred rooms at a time: the in-process broker matches every subject against every subscription.
    for (let batch = 0; batch < 100; batch += 1) {
      const open = Array.from({ length: 100 }, () => {
        const roomId = crypto.randomUUID();
        const sockets = [fakeSocket(roomId, 'host'), fakeSocket(roomId, 'viewer')];
        for (const socket of sockets) rooms.add(socket, 0);
        return { roomId, sockets };
      });
      await Promise.all(open.map(({ roomId }) => quota.exhausted(roomId, null)));
      for (const { roomId } of open) {
        bus.emitToRoom(ROOMS_SUBJECTS.transcriptStored, { roomId }, transcript(roomId, 1));
        bus.emitToRoom(
          USAGE_SUBJECTS.quotaChanged,
          { roomId },
          { roomId, exhausted: true, timestamp: new Date().toISOString(), messageId: 'q1' },
        );
      }
      // The quota event, published last, is delivered last.
      await until(() => quota.size === 200);
      expect([rooms.size, rooms.received.size, quota.size, hosts.size]).toEqual([100, 100, 200, 100]);
      for (const { sockets } of open) for (const socket of sockets) rooms.remove(socket);
      expect([rooms.size, rooms.received.size, quota.size, hosts.size]).toEqual([0, 0, 0, 0]);
    }
    await settle();
    expect([rooms.size, rooms.received.size, quota.size, hosts.size]).toEqual([0, 0, 0, 0]);
    rooms.onApplicationShutdown();
  }, 180_000); // ~30 s alone; three times that while the rest of the suite runs beside it

  it('drops a room event that does not match its route, and goes on with the next', async () => {
    const { bus, rooms } = setup();
    const roomId = crypto.randomUUID();
    const sent: string[] = [];
    const host = fakeSocket(roomId, 'host', sent);
    rooms.add(host, 0);
    const warn = jest
      .spyOn((rooms as unknown as { events: { logger: { warn: () => void } } }).events.logger, 'warn')
      .mockImplementation(() => undefined);
    bus.emitToRoom(ROOMS_SUBJECTS.transcriptStored, { roomId }, { ...transcript(roomId, 1), seq: 'one' } as unknown as StoredTranscript);
    bus.emitToRoom(ROOMS_SUBJECTS.transcriptStored, { roomId }, transcript(roomId, 2));
    await settle();
    const frames = sent.map((text) => JSON.parse(text) as { type: string; seq?: number });
    expect(frames.filter((f) => f.type === 'transcript').map((f) => f.seq)).toEqual([2]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`Invalid payload on room.${roomId}.event.transcript: seq`));
    rooms.remove(host);
  });
});
