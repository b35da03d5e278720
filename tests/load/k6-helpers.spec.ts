import { join } from 'node:path';
import fc from 'fast-check';
import {
  clientIdSchema,
  FINAL_TRANSCRIPT_ERRORS,
  joinFrameSchema,
  LANGUAGES,
  roomStartFrameSchema,
  transcriptFrameSchema,
} from '@lt/contracts';
import { SeqTracker as BenchSeqTracker } from '../bench/load/seq-tracker';

/** The pure helpers every k6 scenario counts with (tests/load/lib/seqs.js) run here under Node, k6 or not. */

const DIR = __dirname;

interface Config {
  baseUrl: string;
  viewers: number;
  langs: string[];
  [setting: string]: unknown;
}

interface Timeline {
  t0: number;
  speakAt: number;
  speakEnd: number;
  endAt: number;
  sentences: number;
  storms: number[];
  churnAt: number[];
}

interface SeqsModule {
  LANGUAGE_CODES: string[];
  FINAL_TRANSCRIPT_ERRORS: string[];
  MAX_SENTENCES_PER_SECOND: number;
  SeqTracker: new (base?: number) => BenchSeqTracker;
  joinFrame(fields: Record<string, unknown>): Record<string, unknown>;
  roomStartFrame(lang: string): Record<string, unknown>;
  transcriptFrame(messageId: string, index: number, lang: string, now: number): Record<string, unknown> & { timestamp: string };
  messageIdFor(runTag: string, index: number): string;
  runTagOf(random: () => number): string;
  clientIdFor(runTag: string, index: number): string;
  captionDelayMs(frame: { timestamp: string }, receivedAt: number): number | null;
  isPassingRefusal(code: string): boolean;
  isSummaryBody(body: unknown): boolean;
  originOf(url: string): string;
  wsUrlOf(url: string): string;
  viewerLang(i: number, langs: string[]): string;
  churns(i: number, minute: number, percent: number): boolean;
  loadConfig(env: Record<string, string>): Config;
  timeline(config: Config, t0: number): Timeline;
  joinAt(tl: Timeline, config: Config, i: number): number;
  Outbox: new () => {
    add(frame: { messageId: string }, now: number): void;
    ack(messageId: string, seq: number, now: number): number | null;
    refuse(messageId: string, code: string): 'drop' | 'retry' | null;
    resendAll(now: number): { messageId: string }[];
    stale(now: number, ms: number): boolean;
    size: number;
    lastSeq: number;
    dropped: number;
  };
}

describe('the pure helpers of tests/load/lib/seqs.js', () => {
  let seqs: SeqsModule;
  beforeAll(async () => {
    const path = join(DIR, 'lib/seqs.js');
    seqs = (await import(path)) as SeqsModule;
  });

  it('counts gaps, duplicates and what is missing, and resumes after the last seq with nothing missing before it', () => {
    const t = new seqs.SeqTracker(2);
    expect([1, 2, 3, 4, 6, 7, 6].map((s) => t.record(s))).toEqual(['before', 'before', 'new', 'new', 'new', 'new', 'again']);
    expect(t.since()).toBe(4);
    expect(t.missing(9)).toEqual([5, 8, 9]);
    expect(t.missingIn(t.base, 9)).toBe(3);
    expect(t.missingIn(5, 7)).toBe(0);
    expect(t.duplicates).toBe(1);
    expect(t.gaps).toBe(1);
    t.record(5);
    expect([t.since(), t.outOfOrder, t.received]).toEqual([7, 1, 5]);
  });

  it('agrees with the bench copy of the tracker on any arrival order', () => {
    fc.assert(
      fc.property(fc.nat(5), fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 80 }), fc.nat(45), (base, arrivals, last) => {
        const [js, ts] = [new seqs.SeqTracker(base), new BenchSeqTracker(base)];
        for (const seq of arrivals) expect(js.record(seq)).toBe(ts.record(seq));
        expect([js.since(), js.duplicates, js.outOfOrder, js.gaps, js.received, js.missing(last), js.missingIn(3, last)]).toEqual([
          ts.since(),
          ts.duplicates,
          ts.outOfOrder,
          ts.gaps,
          ts.received,
          ts.missing(last),
          ts.missingIn(3, last),
        ]);
      }),
    );
  });

  it('builds frames the gateway accepts', () => {
    const roomId = '6f1c1d5e-8f0a-4a8e-9c55-0d4c3a1b2e7f';
    const messageId = seqs.messageIdFor(
      seqs.runTagOf(() => 0.999999),
      7200,
    );
    const now = Date.parse('2026-11-24T10:00:00.123Z');
    const transcript = seqs.transcriptFrame(messageId, 7200, 'es', now);
    expect(transcriptFrameSchema.parse(transcript)).toMatchObject({
      messageId,
      confidence: 0.95,
      final: true,
      timestamp: '2026-11-24T10:00:00.123Z',
    });
    expect(joinFrameSchema.parse(seqs.joinFrame({ roomId, role: 'viewer', lang: 'fr', since: 0 }))).toEqual({
      type: 'join',
      roomId,
      role: 'viewer',
      lang: 'fr',
      since: 0,
    });
    expect(seqs.joinFrame({ roomId, role: 'host', hostKey: 'k'.repeat(32), lang: undefined })).toEqual({
      type: 'join',
      roomId,
      role: 'host',
      hostKey: 'k'.repeat(32),
    });
    expect(roomStartFrameSchema.parse(seqs.roomStartFrame('es'))).toEqual({ type: 'room_start', sourceLanguage: 'es' });
    expect(seqs.captionDelayMs(transcript, now + 250)).toBe(250);
    expect(seqs.captionDelayMs({ timestamp: 'never' }, now)).toBeNull();
  });

  it('speaks the product languages and refusal rules', () => {
    expect(seqs.LANGUAGE_CODES).toEqual(LANGUAGES.map((l) => l.code));
    expect(new Set(seqs.FINAL_TRANSCRIPT_ERRORS)).toEqual(new Set(FINAL_TRANSCRIPT_ERRORS));
    expect(['rate_limited', 'unavailable', 'internal'].every((c) => seqs.isPassingRefusal(c))).toBe(true);
    expect(seqs.isPassingRefusal('room_not_active')).toBe(false);
    // Three quarters of the socket's 20 frames a second: the host never trips the gateway's limit.
    expect(seqs.MAX_SENTENCES_PER_SECOND).toBeLessThanOrEqual(15);
  });

  it('sends the deployment its own origin, which the socket and state-changing calls accept', () => {
    expect(seqs.originOf('https://Rooms.example.com:8443/some/path?x=1')).toBe('https://rooms.example.com:8443');
    expect(seqs.originOf('http://127.0.0.1:8080/')).toBe(new URL('http://127.0.0.1:8080/').origin);
    expect(seqs.wsUrlOf('https://rooms.example.com/')).toBe('wss://rooms.example.com/ws');
    expect(seqs.wsUrlOf('http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080/ws');
    expect(() => seqs.originOf('rooms.example.com')).toThrow(/BASE_URL/);
  });

  it('reads and checks the environment', () => {
    const config = seqs.loadConfig({ BASE_URL: 'https://rooms.example.com/', VIEWERS: '2000', LANGS: 'fr, de,it', MINUTES: '10' });
    expect(config).toMatchObject({
      baseUrl: 'https://rooms.example.com',
      wsUrl: 'wss://rooms.example.com/ws',
      viewers: 2000,
      langs: ['fr', 'de', 'it'],
      rate: 2,
      stormClients: 2000,
    });
    expect(() => seqs.loadConfig({})).toThrow(/BASE_URL is required/);
    expect(() => seqs.loadConfig({ BASE_URL: 'http://x', LANGS: 'fr,xx' })).toThrow(/"xx"/);
    expect(() => seqs.loadConfig({ BASE_URL: 'http://x', LANGS: 'es' })).toThrow(/host's language/);
    expect(() => seqs.loadConfig({ BASE_URL: 'http://x', RATE: '20' })).toThrow(/RATE/);
    expect(() => seqs.loadConfig({ BASE_URL: 'http://x', VIEWERS: 'many' })).toThrow(/VIEWERS/);
  });

  it('lays out the run: ramp, then the hold with its storms and churn minutes, then the drain', () => {
    const config = seqs.loadConfig({
      BASE_URL: 'http://x',
      VIEWERS: '1000',
      MINUTES: '3',
      RATE: '2',
      RAMP_SECONDS: '60',
      STORMS: '3',
      DRAIN_SECONDS: '20',
    });
    const tl = seqs.timeline(config, 0);
    expect(tl).toMatchObject({ speakAt: 65_000, speakEnd: 245_000, endAt: 265_000, sentences: 360, churnAt: [95_000, 155_000, 215_000] });
    expect(tl.storms).toEqual([110_000, 155_000, 200_000]);
    expect(seqs.joinAt(tl, config, 0)).toBe(0);
    expect(seqs.joinAt(tl, config, 999)).toBeLessThan(tl.speakAt);
    expect(seqs.viewerLang(4, config.langs)).toBe('de');
  });

  it('churns about the asked share of the audience each minute, a different part each time', () => {
    const audience = Array.from({ length: 20_000 }, (_, i) => i);
    const minute0 = audience.filter((i) => seqs.churns(i, 0, 15));
    const minute1 = audience.filter((i) => seqs.churns(i, 1, 15));
    expect(minute0.length / audience.length).toBeGreaterThan(0.14);
    expect(minute0.length / audience.length).toBeLessThan(0.16);
    const both = minute0.filter((i) => seqs.churns(i, 1, 15)).length;
    expect(both / minute1.length).toBeLessThan(0.2);
    expect(audience.some((i) => seqs.churns(i, 0, 0))).toBe(false);
  });

  it('keeps the host outbox until acked, drops only final refusals, resends oldest first', () => {
    const box = new seqs.Outbox();
    ['a', 'b', 'c'].forEach((id, i) => box.add({ messageId: id }, 1000 + i));
    expect(box.ack('b', 2, 1100)).toBe(99);
    expect(box.ack('b', 2, 1100)).toBeNull();
    expect(box.refuse('a', 'unavailable')).toBe('retry');
    expect(box.refuse('zzz', 'unavailable')).toBeNull();
    expect(box.stale(13_000, 12_000)).toBe(true);
    expect(box.resendAll(13_000).map((f) => f.messageId)).toEqual(['a', 'c']);
    expect(box.stale(13_000, 12_000)).toBe(false);
    expect(box.refuse('c', 'room_not_active')).toBe('drop');
    expect([box.size, box.dropped, box.lastSeq]).toEqual([1, 1, 2]);
  });

  it('gives every asker an X-Client-Id of its own that the gateway accepts', () => {
    const tag = seqs.runTagOf(() => 0.5);
    const ids = [0, 1, 1999].map((i) => seqs.clientIdFor(tag, i));
    expect(new Set(ids).size).toBe(3);
    ids.forEach((id) => expect(clientIdSchema.safeParse(id).success).toBe(true));
  });

  it('accepts only a summary answer of the documented shape', () => {
    expect(seqs.isSummaryBody({ summary: 'Se habló de…', upToSeq: 12 })).toBe(true);
    expect(seqs.isSummaryBody({ summary: 'x' })).toBe(false);
    expect(seqs.isSummaryBody(null)).toBe(false);
  });
});
