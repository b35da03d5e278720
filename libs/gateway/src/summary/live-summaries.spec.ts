import { SummaryErrorCode, type ServerFrame } from '@lt/contracts';
import { DomainException } from '@lt/platform';
import type { ViewerCallLimiters } from '../auth/ip-rate-limiter.guard';
import type { IpRateLimiter } from '../auth/ip-rate-limiter';
import { DeferrableLane } from '../live/connection/deferrable-lane';
import type { LiveSocket } from '../live/connection/live-socket';
import { LiveSummaries } from './live-summaries';
import type { SummaryCoalescer } from './summary-coalescer';

const roomId = '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11';

function socketOf(joined = true) {
  const sent: ServerFrame[] = [];
  const raw: Buffer[] = [];
  const socket = {
    roomId: joined ? roomId : null,
    viewerId: '',
    clientId: 'viewer-1234abcd',
    address: '10.0.0.1',
    send: (frame: ServerFrame) => sent.push(frame),
    sendRaw: (payload: Buffer) => raw.push(payload) > 0,
  } as unknown as LiveSocket;
  return { socket, sent, raw };
}

function setup(shared: () => Promise<{ frame: Buffer }>, refuseKey?: string) {
  const taken: string[] = [];
  const limiter = { take: async (key: string) => (taken.push(key), key === refuseKey ? 1_500 : null) } as unknown as IpRateLimiter;
  const limiters: ViewerCallLimiters = { client: limiter, room: limiter, address: limiter };
  const coalescer = { shared: jest.fn(shared) } as unknown as SummaryCoalescer;
  return { summaries: new LiveSummaries(coalescer, limiters, new DeferrableLane()), coalescer, taken };
}

describe('LiveSummaries', () => {
  const frame = Buffer.from('{"type":"summary"}');

  it('writes the shared frame as it is, counting the asker by its socket when the join named no browser', async () => {
    const { summaries, coalescer, taken } = setup(async () => ({ frame }));
    const { socket, raw, sent } = socketOf();
    await summaries.ask(socket, { type: 'summary_request', requestId: 'r1', lang: 'fr', sinceSeq: 12 });
    expect(raw).toEqual([frame]);
    expect(raw[0]).toBe(frame);
    expect(sent).toEqual([]);
    expect(coalescer.shared).toHaveBeenCalledWith({ roomId, lang: 'fr', sinceSeq: 12 });
    expect(taken).toEqual(['id:viewer-1234abcd', 'ip:10.0.0.1', roomId]);
  });

  it('refuses a request over a share by its id, with the wait, and never asks for the summary', async () => {
    const { summaries, coalescer } = setup(async () => ({ frame }), 'id:viewer-1234abcd');
    const { socket, sent } = socketOf();
    await summaries.ask(socket, { type: 'summary_request', requestId: 'r2', lang: 'fr' });
    expect(sent).toEqual([
      { type: 'summary_error', requestId: 'r2', code: 'over_request_rate_limit', message: expect.any(String), retryAfterMs: 1_500 },
    ]);
    expect(coalescer.shared).not.toHaveBeenCalled();
  });

  it("answers a service's refusal with its code, and an unexpected failure as internal", async () => {
    const { socket, sent } = socketOf();
    const nothing = new DomainException(SummaryErrorCode.NothingToSummarize, 'No translations to summarize');
    await setup(() => Promise.reject(nothing)).summaries.ask(socket, { type: 'summary_request', requestId: 'a', lang: 'fr' });
    await setup(() => Promise.reject(new Error('boom'))).summaries.ask(socket, { type: 'summary_request', requestId: 'b', lang: 'fr' });
    expect(sent.map((f) => f.type === 'summary_error' && [f.requestId, f.code])).toEqual([
      ['a', 'nothing_to_summarize'],
      ['b', 'internal'],
    ]);
  });

  it('needs a joined socket', async () => {
    const { summaries } = setup(async () => ({ frame }));
    await expect(summaries.ask(socketOf(false).socket, { type: 'summary_request', requestId: 'r', lang: 'fr' })).rejects.toMatchObject({
      code: 'not_joined',
    });
  });
});

describe('LiveSummaries in a storm', () => {
  it('writes one answer to many askers a slice per turn of the event loop, letting other work in between', async () => {
    const frame = Buffer.from('{"type":"summary"}');
    const limiter = { take: async () => null } as unknown as IpRateLimiter;
    const coalescer = { shared: async () => ({ frame }) } as unknown as SummaryCoalescer;
    const summaries = new LiveSummaries(coalescer, { client: limiter, room: limiter, address: limiter }, new DeferrableLane(10));
    const order: string[] = [];
    // A caption to write arrives just as the first asker is answered.
    const captionArrives = () => setImmediate(() => order.push('caption'));
    const askers = Array.from({ length: 30 }, (_, i) => {
      const sendRaw = () => (i === 0 && captionArrives(), order.push(`answer ${i}`) > 0);
      const socket = { ...socketOf().socket, sendRaw } as unknown as LiveSocket;
      return summaries.ask(socket, { type: 'summary_request', requestId: `r${i}`, lang: 'fr' });
    });
    await Promise.all(askers);
    expect(order.filter((o) => o.startsWith('answer'))).toHaveLength(30);
    const caption = order.indexOf('caption');
    expect(caption).toBe(10);
  });
});
