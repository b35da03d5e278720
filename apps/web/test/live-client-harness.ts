import type { JoinFrame } from '@lt/contracts';
import { LiveClient } from '../src/modules/live/live-client';
import type { LiveProblem, LiveStatus } from '../src/modules/live/live-status';
import type { PageSignal } from '../src/modules/live/connection-watch';
import { Outbox } from '../src/modules/live/outbox';
import { FakeSocket, joinedFrame, ROOM_ID } from './fake-socket';
import { memoryStore } from './live-fixtures';

/** The page around the client: whether it is seen, and its network and visibility events. */
export function fakePage() {
  let listener: ((signal: PageSignal) => void) | null = null;
  const page = {
    visible: true,
    listeners: 0,
    emit: (signal: PageSignal) => listener?.(signal),
    signals: {
      visible: () => page.visible,
      subscribe: (next: (signal: PageSignal) => void) => {
        listener = next;
        page.listeners += 1;
        return () => {
          listener = null;
          page.listeners -= 1;
        };
      },
    },
  };
  return page;
}

/** A host's LiveClient on fake sockets and a fake page, with what it reported and its outbox. */
export function setupLiveClient(join: Partial<JoinFrame> = {}) {
  const page = fakePage();
  const statuses: [LiveStatus, LiveProblem | null][] = [];
  const frames: unknown[] = [];
  const outbox = new Outbox(ROOM_ID, memoryStore());
  let since: number | undefined;
  const client = new LiveClient({
    url: 'ws://test/ws',
    createSocket: (url) => new FakeSocket(url),
    buildJoin: () => ({ type: 'join', roomId: ROOM_ID, role: 'host', hostKey: 'k'.repeat(32), since, ...join }),
    onStatus: (status, problem) => statuses.push([status, problem]),
    onFrame: (frame) => frames.push(frame),
    outbox,
    signals: page.signals,
    random: () => 1,
  });
  return { client, page, statuses, frames, outbox, setSince: (value: number) => (since = value) };
}

/** Connects, opens the socket and has the server say joined; the joined socket. */
export function connectAndJoin(client: LiveClient): FakeSocket {
  client.connect();
  const socket = FakeSocket.latest();
  socket.open();
  socket.receive(joinedFrame());
  return socket;
}
