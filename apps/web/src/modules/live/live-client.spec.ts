import { LIMITS, type JoinFrame, type TranscriptFrame } from '@lt/contracts';
import { FakeSocket, joinedFrame, ROOM_ID } from '../../../test/fake-socket';
import { memoryStore, transcriptFrame as transcript } from '../../../test/live-fixtures';
import { ACK_TIMEOUT_MS, LiveClient, RESEND_DELAY_MS, SEND_WINDOW, type LiveProblem, type LiveStatus } from './live-client';
import { FIRST_RETRY_MAX_MS, RETRY_BASE_MS, type PageSignal } from './connection-watch';
import { Outbox } from './outbox';


/** The page around the client: whether it is seen, and its network and visibility events. */
function fakePage() {
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

function setup(join: Partial<JoinFrame> = {}) {
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

function connectAndJoin(client: LiveClient): FakeSocket {
  client.connect();
  const socket = FakeSocket.latest();
  socket.open();
  socket.receive(joinedFrame());
  return socket;
}

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

describe('LiveClient host outbox', () => {
  it('keeps finals until acked and never keeps interim lines', () => {
    const { client, outbox } = setup();
    const socket = connectAndJoin(client);
    expect(client.sendTranscript(transcript(1))).toBe(true);
    expect(client.sendTranscript(transcript(2, false))).toBe(true);
    expect(socket.sentOfType('transcript')).toEqual([transcript(1), transcript(2, false)]);
    expect(outbox.list()).toEqual([transcript(1)]);
    socket.receive({ type: 'ack', messageId: transcript(1).messageId, seq: 4 });
    expect(outbox.size).toBe(0);
  });

  it('resends every unacked final in order after a re-join, including those spoken while offline', () => {
    const { client, outbox } = setup();
    const first = connectAndJoin(client);
    client.sendTranscript(transcript(1));
    client.sendTranscript(transcript(2));
    first.receive({ type: 'ack', messageId: transcript(1).messageId, seq: 1 });
    first.drop();
    expect(client.sendTranscript(transcript(3))).toBe(false);
    expect(client.sendTranscript(transcript(4, false))).toBe(false);

    jest.advanceTimersByTime(3_000);
    const second = FakeSocket.latest();
    second.open();
    expect(second.sentOfType('transcript')).toEqual([]);
    second.receive(joinedFrame());
    expect(second.sentOfType('transcript')).toEqual([transcript(2), transcript(3)]);
    second.receive({ type: 'ack', messageId: transcript(3).messageId, seq: 3 });
    second.receive({ type: 'ack', messageId: transcript(2).messageId, seq: 2 });
    expect(outbox.size).toBe(0);
  });

  it('drops a final the server refuses for good but keeps one refused for a passing reason', () => {
    const { client, outbox, frames } = setup();
    const socket = connectAndJoin(client);
    client.sendTranscript(transcript(1));
    client.sendTranscript(transcript(2));
    socket.receive({ type: 'error', code: 'room_not_active', message: 'Room is not active yet', messageId: transcript(1).messageId });
    socket.receive({ type: 'error', code: 'unavailable', message: 'Try again', messageId: transcript(2).messageId });
    expect(outbox.list()).toEqual([transcript(2)]);
    expect(client.status).toBe('connected');
    expect(frames).toHaveLength(3);
  });

  it('sends a final refused for a passing reason again on the same connection, until it is acked', () => {
    const { client, outbox } = setup();
    const socket = connectAndJoin(client);
    client.sendTranscript(transcript(1));
    socket.receive({ type: 'error', code: 'unavailable', message: 'Try again', messageId: transcript(1).messageId });
    jest.advanceTimersByTime(RESEND_DELAY_MS - 1);
    expect(socket.sentOfType('transcript')).toEqual([transcript(1)]);
    jest.advanceTimersByTime(1);
    expect(socket.sentOfType('transcript')).toEqual([transcript(1), transcript(1)]);
    socket.receive({ type: 'ack', messageId: transcript(1).messageId, seq: 1 });
    jest.advanceTimersByTime(RESEND_DELAY_MS * 2);
    expect(socket.sentOfType('transcript')).toHaveLength(2);
    expect(outbox.size).toBe(0);
  });

  const numbered = (n: number): TranscriptFrame => ({ ...transcript(1), messageId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, text: `sentence ${n}` });
  const idsOf = (frames: Record<string, unknown>[]) => frames.map((f) => f.messageId as string);

  /** The server's limit on a socket's frames, as the gateway applies it. */
  function serverRate() {
    let tokens: number = LIMITS.frameBurst;
    let last = Date.now();
    let refused = 0;
    return {
      frame() {
        const now = Date.now();
        tokens = Math.min(LIMITS.frameBurst, tokens + ((now - last) / 1000) * LIMITS.framesPerSecond);
        last = now;
        if (tokens < 1) refused += 1;
        else tokens -= 1;
      },
      get refused() {
        return refused;
      },
    };
  }

  it('drains a backlog of 150 finals after a re-join in spoken order, paced under the server rate, within 15 s', () => {
    const { client, outbox } = setup();
    const first = connectAndJoin(client);
    first.drop();
    for (let n = 1; n <= 150; n++) client.sendTranscript(numbered(n));
    jest.advanceTimersByTime(3_000);
    const socket = FakeSocket.latest();
    const rate = serverRate();
    const originalSend = socket.send.bind(socket);
    socket.send = (data: string) => {
      rate.frame();
      originalSend(data);
    };
    socket.open();
    socket.receive(joinedFrame());
    let maxUnanswered = 0;
    let acked = 0;
    for (let ms = 0; ms < 15_000 && outbox.size > 0; ms += 50) {
      const sent = idsOf(socket.sentOfType('transcript'));
      maxUnanswered = Math.max(maxUnanswered, sent.length - acked);
      for (const id of sent.slice(acked)) socket.receive({ type: 'ack', messageId: id, seq: ++acked });
      jest.advanceTimersByTime(50);
    }
    expect(outbox.size).toBe(0);
    expect(rate.refused).toBe(0);
    expect(maxUnanswered).toBeLessThanOrEqual(SEND_WINDOW);
    expect(idsOf(socket.sentOfType('transcript'))).toEqual(Array.from({ length: 150 }, (_, i) => numbered(i + 1).messageId));
  });

  it('after a passing refusal sends everything unacked again from the oldest, in order', () => {
    const { client, outbox } = setup();
    const socket = connectAndJoin(client);
    for (let n = 1; n <= 5; n++) client.sendTranscript(numbered(n));
    socket.receive({ type: 'ack', messageId: numbered(1).messageId, seq: 1 });
    for (let n = 2; n <= 5; n++) socket.receive({ type: 'error', code: 'unavailable', message: 'later', messageId: numbered(n).messageId });
    client.sendTranscript(numbered(6));
    expect(idsOf(socket.sentOfType('transcript'))).toHaveLength(5);
    jest.advanceTimersByTime(RESEND_DELAY_MS);
    expect(idsOf(socket.sentOfType('transcript')).slice(5)).toEqual([2, 3, 4, 5, 6].map((n) => numbered(n).messageId));
    expect(outbox.size).toBe(5);
  });

  it('retries a final refused for its rate, and one never answered, until acked', () => {
    const { client, outbox } = setup();
    const socket = connectAndJoin(client);
    client.sendTranscript(numbered(1));
    socket.receive({ type: 'error', code: 'rate_limited', message: 'slow down', messageId: numbered(1).messageId });
    jest.advanceTimersByTime(RESEND_DELAY_MS);
    expect(socket.sentOfType('transcript')).toHaveLength(2);
    jest.advanceTimersByTime(ACK_TIMEOUT_MS + 1_000);
    expect(socket.sentOfType('transcript')).toHaveLength(3);
    socket.receive({ type: 'ack', messageId: numbered(1).messageId, seq: 1 });
    jest.advanceTimersByTime(ACK_TIMEOUT_MS * 2);
    expect(socket.sentOfType('transcript')).toHaveLength(3);
    expect(outbox.size).toBe(0);
  });
});
