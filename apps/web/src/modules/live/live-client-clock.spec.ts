import { FakeSocket } from '../../../test/fake-socket';
import { connectAndJoin, setupLiveClient as setup } from '../../../test/live-client-harness';

beforeEach(() => {
  jest.useFakeTimers({ now: 1_000_000 });
  FakeSocket.reset();
});
afterEach(() => jest.useRealTimers());

const sentence = (timestamp: string) =>
  ({ type: 'transcript', messageId: 'm-1', text: 'Hello', sourceLanguage: 'en', timestamp, confidence: 0.9, final: true }) as const;

describe("LiveClient and the server's clock", () => {
  it('pings with its own time on join and takes the offset from the pong', () => {
    const { client } = setup();
    const socket = connectAndJoin(client);
    const ping = socket.sent.find((frame) => frame.type === 'ping');
    expect(ping).toEqual({ type: 'ping', t: 1_000_000 });
    expect(client.clockOffset).toBeNull();
    // The server's clock is 3 s ahead; the pong comes back 40 ms later.
    jest.advanceTimersByTime(40);
    socket.receive({ type: 'pong', t: 1_000_000, serverTime: 1_000_000 + 20 + 3_000 });
    expect(client.clockOffset).toBe(3_000);
  });

  it('ignores a pong without the times', () => {
    const { client } = setup();
    const socket = connectAndJoin(client);
    socket.receive({ type: 'pong' });
    expect(client.clockOffset).toBeNull();
  });

  it("stamps its sentences on the server's clock once it knows it", () => {
    const { client } = setup();
    const socket = connectAndJoin(client);
    client.sendTranscript(sentence('2026-01-01T10:00:00.000Z'));
    socket.receive({ type: 'pong', t: 1_000_000, serverTime: 1_000_000 - 2_000 });
    client.sendTranscript({ ...sentence('2026-01-01T10:00:05.000Z'), messageId: 'm-2' });
    const stamps = socket.sent.filter((frame) => frame.type === 'transcript').map((frame) => frame.timestamp);
    expect(stamps).toEqual(['2026-01-01T10:00:00.000Z', '2026-01-01T10:00:03.000Z']);
  });
});
