import { RtmpPublishReader } from './rtmp-publish-reader';

/** A publisher's bytes built by hand: its handshake, then messages cut into chunks of `chunkSize`. */
const amfString = (text: string) => Buffer.concat([Buffer.from([0x02, text.length >> 8, text.length & 0xff]), Buffer.from(text)]);
const amfNumber = (n: number) => {
  const b = Buffer.alloc(9);
  b[0] = 0x00;
  b.writeDoubleBE(n, 1);
  return b;
};
const command = (name: string, ...rest: Buffer[]) => Buffer.concat([amfString(name), amfNumber(1), Buffer.from([0x05]), ...rest]);

function message(csid: number, type: number, body: Buffer, chunkSize: number): Buffer {
  const header = Buffer.alloc(12);
  header[0] = csid; // fmt 0
  header.writeUIntBE(0, 1, 3);
  header.writeUIntBE(body.length, 4, 3);
  header[7] = type;
  header.writeUInt32LE(1, 8);
  const parts = [header, body.subarray(0, chunkSize)];
  for (let at = chunkSize; at < body.length; at += chunkSize) parts.push(Buffer.from([0xc0 | csid]), body.subarray(at, at + chunkSize));
  return Buffer.concat(parts);
}

const handshake = Buffer.concat([Buffer.from([3]), Buffer.alloc(1536 * 2, 7)]);
const chunkSize = Buffer.alloc(4);
chunkSize.writeUInt32BE(4096);
const connect = message(3, 20, command('connect', Buffer.alloc(300, 0x05)), 128);
const setChunkSize = message(2, 1, chunkSize, 128);
const publish = message(4, 20, command('publish', amfString('the-room-key-0123456789'), amfString('live')), 4096);
const audio = message(5, 8, Buffer.alloc(500, 1), 4096);

describe('RtmpPublishReader', () => {
  it('reads the stream name of the publish command, letting pass only the whole chunks before it, however the bytes arrive', () => {
    const all = Buffer.concat([handshake, connect, setChunkSize, publish, audio]);
    const before = handshake.length + connect.length + setChunkSize.length;
    for (const piece of [all.length, 1000, 7, 1]) {
      const reader = new RtmpPublishReader();
      let result = reader.read(Buffer.alloc(0));
      for (let at = 0; at < all.length && result.streamName === undefined; at += piece) {
        result = reader.read(all.subarray(at, at + piece));
        expect(result.passable).toBeLessThanOrEqual(before);
      }
      expect(result).toEqual({ passable: before, streamName: 'the-room-key-0123456789' });
    }
  });

  it('refuses what is not a publisher speaking RTMP: another version, an oversized command', () => {
    expect(new RtmpPublishReader().read(Buffer.from('GET / HTTP/1.1\r\n')).invalid).toBe(true);
    const huge = message(3, 20, command('connect', Buffer.alloc(40_000, 0x05)), 128);
    expect(new RtmpPublishReader().read(Buffer.concat([handshake, huge])).invalid).toBe(true);
  });
});
