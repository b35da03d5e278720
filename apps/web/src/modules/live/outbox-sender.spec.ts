import { LIMITS, type TranscriptFrame } from '@lt/contracts';
import { FakeSocket, joinedFrame } from '../../../test/fake-socket';
import { connectAndJoin, setupLiveClient as setup } from '../../../test/live-client-harness';
import { transcriptFrame as transcript } from '../../../test/live-fixtures';
import { ACK_TIMEOUT_MS, RESEND_DELAY_MS, SEND_WINDOW } from './outbox-sender';

beforeEach(() => {
  jest.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => jest.useRealTimers());

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

  const numbered = (n: number): TranscriptFrame => ({
    ...transcript(1),
    messageId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    text: `sentence ${n}`,
  });
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
