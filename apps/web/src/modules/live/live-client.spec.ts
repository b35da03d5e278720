import { FakeSocket, joinedFrame, ROOM_ID } from '../../../test/fake-socket';
import { connectAndJoin, setupLiveClient as setup } from '../../../test/live-client-harness';
import { FIRST_RETRY_MAX_MS, RETRY_BASE_MS } from './connection-watch';

beforeEach(() => {
  jest.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => jest.useRealTimers());

describe('LiveClient connection', () => {
  it('joins on open and is connected only once the server says joined', () => {
    const { client, statuses, frames } = setup();
    client.connect();
    const socket = FakeSocket.latest();
    expect(socket.url).toBe('ws://test/ws');
    expect(client.status).toBe('connecting');
    socket.open();
    expect(socket.sent).toEqual([{ type: 'join', roomId: ROOM_ID, role: 'host', hostKey: 'k'.repeat(32) }]);
    expect(client.status).toBe('connecting');
    socket.receive(joinedFrame());
    expect(statuses.map(([s]) => s)).toEqual(['connecting', 'connected']);
    expect(frames).toEqual([joinedFrame()]);
  });

  it('fails with a timeout after 10 s without joined, then tries again within half a second', () => {
    const { client, statuses } = setup();
    client.connect();
    const first = FakeSocket.latest();
    first.open();
    jest.advanceTimersByTime(10_000);
    expect(statuses.at(-1)).toEqual(['failed', { kind: 'timeout' }]);
    expect(first.closedWith).not.toBeNull();
    jest.advanceTimersByTime(FIRST_RETRY_MAX_MS - 1);
    expect(FakeSocket.instances).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('says reconnecting at once when a joined socket drops, and re-joins with a fresh join frame', () => {
    const { client, statuses, setSince } = setup();
    connectAndJoin(client);
    FakeSocket.latest().drop();
    expect(statuses.at(-1)).toEqual(['reconnecting', { kind: 'closed', code: 1006, reason: '' }]);
    jest.advanceTimersByTime(FIRST_RETRY_MAX_MS);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(client.status).toBe('reconnecting');
    FakeSocket.latest().drop();
    jest.advanceTimersByTime(RETRY_BASE_MS - 1);
    expect(FakeSocket.instances).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);

    setSince(7);
    const third = FakeSocket.latest();
    third.open();
    expect(third.sent).toEqual([{ type: 'join', roomId: ROOM_ID, role: 'host', hostKey: 'k'.repeat(32), since: 7 }]);
    third.receive(joinedFrame());
    expect(client.status).toBe('connected');
    third.drop();
    jest.advanceTimersByTime(FIRST_RETRY_MAX_MS);
    expect(FakeSocket.instances).toHaveLength(4);
  });

  it('backs off to at most 4 s while the page is seen, and 30 s while it is hidden', () => {
    const { client, page } = setup();
    client.connect();
    const delays = (count: number) => {
      const seen: number[] = [];
      for (let i = 0; i < count; i++) {
        const before = FakeSocket.instances.length;
        FakeSocket.latest().drop();
        let waited = 0;
        while (FakeSocket.instances.length === before) {
          jest.advanceTimersByTime(100);
          waited += 100;
        }
        seen.push(waited);
      }
      return seen;
    };
    expect(delays(6)).toEqual([500, 1_000, 2_000, 4_000, 4_000, 4_000]);
    page.visible = false;
    expect(delays(2)).toEqual([30_000, 30_000]);
  });

  it('takes a socket that stops answering pings for lost within 2.5 s, and says so', () => {
    const { client, statuses } = setup();
    const socket = connectAndJoin(client);
    jest.advanceTimersByTime(10_000);
    expect(client.status).toBe('connected');
    expect(socket.sentOfType('ping').length).toBeGreaterThanOrEqual(5);
    socket.goSilent();
    jest.advanceTimersByTime(2_500);
    expect(statuses).toContainEqual(['reconnecting', { kind: 'timeout' }]);
    expect(client.status).toBe('reconnecting');
    expect(socket.closedWith).not.toBeNull();
  });

  it('keeps a slow link whose every answer takes 3 s, and still notices when it stops answering', () => {
    const { client, statuses } = setup();
    client.connect();
    const socket = FakeSocket.latest();
    socket.latencyMs = 3_000;
    socket.open();
    jest.advanceTimersByTime(3_000);
    socket.receive(joinedFrame());
    jest.advanceTimersByTime(30_000);
    expect(client.status).toBe('connected');
    expect(FakeSocket.instances).toHaveLength(1);
    expect(socket.sentOfType('ping').length).toBeGreaterThanOrEqual(5);
    socket.goSilent();
    jest.advanceTimersByTime(8_000);
    expect(statuses).toContainEqual(['reconnecting', { kind: 'timeout' }]);
    expect(socket.closedWith).not.toBeNull();
  });

  it('counts the link alive while other frames flow, even when pongs are slow', () => {
    const { client } = setup();
    const socket = connectAndJoin(client);
    socket.latencyMs = 5_000;
    for (let i = 0; i < 40; i++) {
      jest.advanceTimersByTime(500);
      socket.receive({ type: 'interim', roomId: ROOM_ID, text: `word ${i}`, language: 'es' });
    }
    expect(client.status).toBe('connected');
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('a hidden page pings every 25 s and does not judge the silence of its slowed timers', () => {
    const { client, page } = setup();
    const socket = connectAndJoin(client);
    page.visible = false;
    socket.goSilent();
    const before = socket.sentOfType('ping').length;
    jest.advanceTimersByTime(50_000);
    expect(socket.sentOfType('ping').length - before).toBe(2);
    expect(client.status).toBe('connected');
    // Back in view, one unanswered ping is enough.
    page.visible = true;
    page.emit('visible');
    jest.advanceTimersByTime(1_250);
    expect(client.status).toBe('reconnecting');
  });

  it('drops the socket when the browser goes offline, and retries at once when it is back online', () => {
    const { client, page } = setup();
    connectAndJoin(client);
    page.emit('offline');
    expect(client.status).toBe('reconnecting');
    for (let i = 0; i < 5; i++) {
      jest.advanceTimersByTime(4_000);
      FakeSocket.latest().drop();
    }
    const count = FakeSocket.instances.length;
    page.emit('online');
    expect(FakeSocket.instances).toHaveLength(count + 1);
    FakeSocket.latest().open();
    FakeSocket.latest().receive(joinedFrame());
    expect(client.status).toBe('connected');
  });

  it('retries at once when the page comes back into view', () => {
    const { client, page } = setup();
    connectAndJoin(client);
    page.visible = false;
    for (let i = 0; i < 4; i++) {
      FakeSocket.latest().drop();
      jest.advanceTimersByTime(30_000);
    }
    FakeSocket.latest().drop();
    const count = FakeSocket.instances.length;
    page.visible = true;
    page.emit('visible');
    expect(FakeSocket.instances).toHaveLength(count + 1);
  });

  it('stops for good when the server refuses the join', () => {
    const { client, statuses, frames } = setup();
    client.connect();
    const socket = FakeSocket.latest();
    socket.open();
    const refusal = { type: 'error', code: 'invalid_host_key', message: 'Invalid host key' };
    socket.receive(refusal);
    socket.drop(1008);
    jest.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(statuses.at(-1)).toEqual(['failed', { kind: 'rejected', code: 'invalid_host_key', message: 'Invalid host key' }]);
    expect(frames).toEqual([]);
  });

  it('treats a policy-violation close as final', () => {
    const { client, statuses } = setup();
    client.connect();
    FakeSocket.latest().drop(1008, 'origin not allowed');
    jest.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(statuses.at(-1)).toEqual(['failed', { kind: 'closed', code: 1008, reason: 'origin not allowed' }]);
  });

  it.each([
    [4003, 'Room deleted'],
    [4004, 'Speaker removed'],
  ])('does not reconnect after close %i (%s): the room or the invite is gone', (code, reason) => {
    const { client, statuses } = setup();
    connectAndJoin(client);
    FakeSocket.latest().drop(code, reason);
    jest.advanceTimersByTime(120_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(statuses.at(-1)).toEqual(['failed', { kind: 'closed', code, reason }]);
  });

  it('reconnects after being dropped as too slow, unlike a policy violation', () => {
    const { client, statuses } = setup();
    client.connect();
    FakeSocket.latest().drop(4002, 'Too slow: reconnect with since to catch up');
    expect(statuses.at(-1)).toEqual(['reconnecting', { kind: 'closed', code: 4002, reason: 'Too slow: reconnect with since to catch up' }]);
    jest.advanceTimersByTime(60_000);
    expect(FakeSocket.instances.length).toBeGreaterThan(1);
  });

  it('stops everything on close()', () => {
    const { client, page } = setup();
    const socket = connectAndJoin(client);
    jest.advanceTimersByTime(5_000);
    client.close();
    expect(page.listeners).toBe(0);
    expect(socket.closedWith).toBe(1000);
    jest.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(client.status).toBe('disconnected');
  });
});
