import { FeedMeter, levelDb } from './feed-meter';
import { PcmChunker } from './pcm-chunker';
import { encodeSid, readSrtHandshake, SRT_CONCLUSION, SRT_INDUCTION } from './srt-handshake';

const tone = (ms: number, amplitude: number, rate = 16_000): Buffer => {
  const samples = (rate * ms) / 1000;
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  return pcm;
};

/** A handshake packet as an SRT caller sends it: header, CIF, and the extensions given. */
const handshake = (type: number, extensions: Buffer = Buffer.alloc(0)): Buffer => {
  const packet = Buffer.alloc(16 + 48);
  packet.writeUInt16BE(0x8000, 0);
  packet.writeUInt32BE(type, 16 + 20);
  return Buffer.concat([packet, extensions]);
};
const extension = (kind: number, body: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(kind, 0);
  head.writeUInt16BE(body.length / 4, 2);
  return Buffer.concat([head, body]);
};

describe('SRT handshake', () => {
  it('reads the stream id of a conclusion after other extensions, in its byte-swapped words', () => {
    const hsreq = extension(1, Buffer.alloc(12, 7));
    const packet = handshake(SRT_CONCLUSION, Buffer.concat([hsreq, extension(5, encodeSid('abcdefghij_KEY'))]));
    expect(readSrtHandshake(packet)).toEqual({ type: SRT_CONCLUSION, streamId: 'abcdefghij_KEY' });
  });

  it('matches what an SRT caller (libsrt via ffmpeg) sent on the wire', () => {
    const wire = Buffer.from(
      '8000000000000000000000000000000000000005000000052' +
        '8ac6116000005dc00002000ffffffff33f48e57006901d80100007f0000000000000000000000000001000300010501000000bf007800000005000464636261686766654b5f6a6900005945',
      'hex',
    );
    expect(readSrtHandshake(wire)?.streamId).toBe('abcdefghij_KEY');
  });

  it('tells an induction from data and from short packets', () => {
    expect(readSrtHandshake(handshake(SRT_INDUCTION))).toEqual({ type: SRT_INDUCTION });
    expect(readSrtHandshake(Buffer.alloc(100))).toBeNull();
    expect(readSrtHandshake(Buffer.from([0x80, 0]))).toBeNull();
  });
});

describe('PcmChunker', () => {
  it('cuts pieces of any size into 100 ms chunks with seq and stream time, and flushes the rest', () => {
    const chunker = new PcmChunker(16_000, 100, 3);
    const out = [...chunker.write(Buffer.alloc(1000)), ...chunker.write(Buffer.alloc(6000)), ...chunker.write(Buffer.alloc(3001))];
    expect(out.map((c) => [c.seq, c.atMs, c.pcm.length])).toEqual([
      [3, 300, 3200],
      [4, 400, 3200],
      [5, 500, 3200],
    ]);
    expect(chunker.flush()).toMatchObject({ seq: 6, atMs: 600, pcm: { length: 400 } });
    expect(chunker.flush()).toBeNull();
  });
});

describe('FeedMeter', () => {
  it('measures a full-scale sine near −3 dBFS and silence at the floor', () => {
    expect(levelDb(tone(100, 1))).toBeCloseTo(-3, 0);
    expect(levelDb(Buffer.alloc(3200))).toBe(-90);
  });

  it('is receiving with a level while there is sound, silent with its seconds after silentAfterMs of quiet', () => {
    const meter = new FeedMeter({ silenceDb: -50, silentAfterMs: 2000 });
    for (let t = 0; t < 1000; t += 100) meter.add(t, tone(100, 0.5));
    expect(meter.status()).toEqual({ state: 'receiving', level: expect.closeTo(-9, 0), silentForS: null });
    for (let t = 1000; t < 2900; t += 100) meter.add(t, tone(100, 0.001));
    expect(meter.status().state).toBe('receiving');
    for (let t = 2900; t < 4000; t += 100) meter.add(t, Buffer.alloc(3200));
    expect(meter.status()).toEqual({ state: 'silent', level: -90, silentForS: 3 });
    meter.add(4000, tone(100, 0.5));
    expect(meter.status().state).toBe('receiving');
  });
});
