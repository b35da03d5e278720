import type { WebSocket } from 'ws';
import { CLOSE_CODES } from '@lt/contracts';
import { LiveSocket } from './live-socket';

function fakeWs(bufferedAmount: number) {
  const sent: string[] = [];
  const closed: [number, string][] = [];
  const ws = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount,
    send: (text: string) => void sent.push(text),
    close: (code: number, reason: string) => void closed.push([code, reason]),
  };
  return { ws: ws as unknown as WebSocket, sent, closed };
}

describe('LiveSocket', () => {
  it('writes to a reader that keeps up', () => {
    const { ws, sent, closed } = fakeWs(1024);
    LiveSocket.of(ws).sendRaw('{"type":"pong"}');
    expect(sent).toEqual(['{"type":"pong"}']);
    expect(closed).toEqual([]);
  });

  it('drops a reader 4 MB behind with the close code that tells it to come back with since, not a policy violation', () => {
    const { ws, sent, closed } = fakeWs(4 * 1024 * 1024 + 1);
    LiveSocket.of(ws).sendRaw('{"type":"pong"}');
    expect(sent).toEqual([]);
    expect(closed).toEqual([[CLOSE_CODES.tooSlow, expect.stringContaining('since')]]);
    expect(CLOSE_CODES.tooSlow).not.toBe(CLOSE_CODES.policyViolation);
  });

  it('is the same object for the same connection', () => {
    const { ws } = fakeWs(0);
    expect(LiveSocket.of(ws)).toBe(LiveSocket.of(ws));
  });
});

describe('LiveSocket sequence and keepalive', () => {
  function socketWith() {
    const sent: string[] = [];
    let pings = 0;
    let terminated = false;
    const ws = {
      OPEN: 1,
      readyState: 1,
      bufferedAmount: 0,
      send: (text: string) => void sent.push(text),
      close: () => undefined,
      ping: () => void (pings += 1),
      terminate: () => void (terminated = true),
    };
    return { socket: LiveSocket.of(ws as unknown as WebSocket), sent, pings: () => pings, terminated: () => terminated };
  }

  it('never sends a seq twice or below one already sent, and sends what was held in order after history', () => {
    const { socket, sent } = socketWith();
    socket.hold();
    socket.sendTranslation(6, 't6');
    socket.sendTranslation(5, 't5');
    socket.sendInOrder(4, 'h4');
    socket.sendInOrder(5, 'h5');
    socket.hold();
    socket.release();
    expect(sent).toEqual(['h4', 'h5']);
    socket.release();
    socket.sendTranslation(6, 't6');
    socket.sendTranslation(3, 't3');
    expect(sent).toEqual(['h4', 'h5', 't6']);
    socket.restartSequence();
    socket.sendTranslation(1, 'de1');
    expect(sent.at(-1)).toBe('de1');
  });

  it('writes provisional frames while history is being sent, none of a message whose final it has', () => {
    const { socket, sent } = socketWith();
    socket.hold();
    expect(socket.sendProvisional(1, 'p1')).toBe(true);
    expect(socket.sendProvisional(0, 'interim')).toBe(true);
    socket.sendInOrder(2, 'h2');
    expect(socket.sendProvisional(2, 'p2')).toBe(false);
    socket.release();
    expect(socket.sendProvisional(3, 'p3')).toBe(true);
    expect(sent).toEqual(['p1', 'interim', 'h2', 'p3']);
  });

  it('pings, and cuts off a peer that missed two pings', () => {
    const { socket, pings, terminated } = socketWith();
    socket.ping();
    socket.missedPongs = 0;
    socket.ping();
    socket.ping();
    expect(pings()).toBe(3);
    expect(terminated()).toBe(false);
    socket.ping();
    expect(terminated()).toBe(true);
  });
});
