import type { WebSocket } from 'ws';
import { writeSliced } from './fan-out';
import { LiveSocket } from '../connection/live-socket';

function socket() {
  const sent: string[] = [];
  const ws = { OPEN: 1, readyState: 1, bufferedAmount: 0, send: (data: string | Buffer) => void sent.push(String(data)) };
  return { live: LiveSocket.of(ws as unknown as WebSocket), sent };
}

describe('writeSliced', () => {
  it('writes a slice of the sockets per turn of the event loop and resolves once all have it', async () => {
    const sockets = Array.from({ length: 5 }, socket);
    const writing = writeSliced('translation_partial', new Set(sockets), (s) => s.live.sendProvisional(1, 'p'), 2);
    expect(sockets.map((s) => s.sent.length)).toEqual([1, 1, 0, 0, 0]);
    await writing;
    expect(sockets.map((s) => s.sent)).toEqual(Array.from({ length: 5 }, () => ['p']));
  });

  it('lets a final written between two slices go first: the sockets left then get no partial of that message', async () => {
    const sockets = Array.from({ length: 5 }, socket);
    const writing = writeSliced('translation_partial', sockets, (s) => s.live.sendProvisional(7, 'partial'), 2);
    for (const s of sockets) s.live.sendInOrder(7, 'final');
    await writing;
    expect(sockets.map((s) => s.sent)).toEqual([['partial', 'final'], ['partial', 'final'], ['final'], ['final'], ['final']]);
  });
});
