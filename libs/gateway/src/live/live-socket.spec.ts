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
