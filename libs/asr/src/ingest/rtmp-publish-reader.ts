/**
 * Just enough of RTMP (Adobe's RTMP specification 1.0, "Chunking" and "Commands") for the ingest's front to read
 * the stream name a publisher sends in its `publish` command, before any of its audio reaches a decoder. It reads
 * the publisher's side only: the handshake's bytes (C0, C1, C2), then the chunk stream, tracking each chunk
 * stream's message header and the publisher's chunk size. The bytes themselves pass on untouched.
 */

/** C0 (the version) + C1 + C2, 1536 bytes each. */
const HANDSHAKE_BYTES = 1 + 1536 + 1536;
const DEFAULT_CHUNK_SIZE = 128;
const SET_CHUNK_SIZE = 1;
const ABORT = 2;
const COMMAND_AMF3 = 17;
const COMMAND_AMF0 = 20;
/** A command longer than this is no publisher's: the caller is refused. */
const MAX_COMMAND_BYTES = 16 * 1024;
const MAX_CHUNK_SIZE = 0x7fffffff;

interface ChunkStream {
  length: number;
  type: number;
  extended: boolean;
  /** Bytes of the current message still to come (0: the next chunk starts a message). */
  remaining: number;
  /** The payload of a command or control message being read; other messages are skipped. */
  body: Buffer[] | null;
}

/** What the publisher's bytes so far gave: how many whole chunks may pass, and the stream name once published. */
export interface PublishRead {
  /** Bytes (from the start of what was given) made of whole chunks read before the `publish` command ends. */
  passable: number;
  /** The name the publisher publishes under, once its `publish` command is complete. */
  streamName?: string;
  /** The bytes are not RTMP a publisher sends (a bad header, a command too long). */
  invalid?: boolean;
}

/**
 * Reads a publisher's bytes as they arrive until its `publish` command: `read` is given each piece in order and
 * says how many of all the bytes given so far may be passed on (the chunk that ends the `publish` command, and
 * anything after it, are held by the caller until the name is checked).
 */
export class RtmpPublishReader {
  private readonly streams = new Map<number, ChunkStream>();
  private pending: Buffer = Buffer.alloc(0);
  private consumed = 0;
  private chunkSize = DEFAULT_CHUNK_SIZE;
  private done: PublishRead | null = null;

  read(data: Buffer): PublishRead {
    if (this.done) return this.done;
    this.pending = this.pending.length ? Buffer.concat([this.pending, data]) : data;
    if (this.consumed < HANDSHAKE_BYTES) {
      const take = Math.min(HANDSHAKE_BYTES - this.consumed, this.pending.length);
      if (this.consumed === 0 && take > 0 && this.pending[0] !== 3) return this.finish({ passable: 0, invalid: true });
      this.consumed += take;
      this.pending = this.pending.subarray(take);
    }
    while (this.consumed >= HANDSHAKE_BYTES) {
      const chunk = this.nextChunk();
      if (chunk === null) break;
      if (chunk === 'invalid') return this.finish({ passable: this.consumed, invalid: true });
      if (chunk.streamName !== undefined) return this.finish({ passable: this.consumed, streamName: chunk.streamName });
      this.consumed += chunk.bytes;
      this.pending = this.pending.subarray(chunk.bytes);
    }
    return { passable: this.consumed };
  }

  private finish(result: PublishRead): PublishRead {
    this.done = result;
    this.pending = Buffer.alloc(0);
    return result;
  }

  /** The next whole chunk in `pending` (null: not all here yet), and the stream name if it ends a `publish`. */
  private nextChunk(): { bytes: number; streamName?: string } | 'invalid' | null {
    const p = this.pending;
    if (p.length < 1) return null;
    const fmt = p[0] >> 6;
    let csid = p[0] & 0x3f;
    let at = 1;
    if (csid === 0 || csid === 1) {
      const extra = csid === 0 ? 1 : 2;
      if (p.length < 1 + extra) return null;
      csid = 64 + p[1] + (csid === 1 ? p[2] * 256 : 0);
      at += extra;
    }
    const headerBytes = [11, 7, 3, 0][fmt];
    if (p.length < at + headerBytes) return null;
    const previous = this.streams.get(csid);
    if (fmt !== 0 && !previous) return 'invalid';
    const stream: ChunkStream = previous ?? { length: 0, type: 0, extended: false, remaining: 0, body: null };
    let extended = stream.extended;
    if (fmt <= 2) extended = p.readUIntBE(at, 3) === 0xffffff;
    const length = fmt <= 1 ? p.readUIntBE(at + 3, 3) : stream.length;
    const type = fmt <= 1 ? p[at + 6] : stream.type;
    at += headerBytes + (extended ? 4 : 0);
    const starts = stream.remaining === 0;
    const remaining = starts ? length : stream.remaining;
    const payloadBytes = Math.min(this.chunkSize, remaining);
    if (p.length < at + payloadBytes) return null;
    // The chunk is whole: its header becomes the chunk stream's state.
    Object.assign(stream, { length, type, extended, remaining: remaining - payloadBytes });
    const reads = type === COMMAND_AMF0 || type === COMMAND_AMF3 || type === SET_CHUNK_SIZE || type === ABORT;
    if (starts) {
      if (reads && length > MAX_COMMAND_BYTES) return 'invalid';
      stream.body = reads ? [] : null;
    }
    stream.body?.push(p.subarray(at, at + payloadBytes));
    this.streams.set(csid, stream);
    const bytes = at + payloadBytes;
    if (stream.remaining > 0 || !stream.body) return { bytes };
    const body = Buffer.concat(stream.body);
    stream.body = null;
    return this.message(type, body, bytes);
  }

  private message(type: number, body: Buffer, bytes: number): { bytes: number; streamName?: string } | 'invalid' {
    if (type === SET_CHUNK_SIZE) {
      if (body.length < 4) return 'invalid';
      const size = body.readUInt32BE(0) & MAX_CHUNK_SIZE;
      if (size < 1) return 'invalid';
      this.chunkSize = size;
      return { bytes };
    }
    if (type === ABORT) {
      const aborted = body.length >= 4 ? this.streams.get(body.readUInt32BE(0)) : undefined;
      if (aborted) Object.assign(aborted, { remaining: 0, body: null });
      return { bytes };
    }
    // AMF3 commands carry a format byte (0) before the AMF0 values.
    const values = readAmf0Strings(type === COMMAND_AMF3 ? body.subarray(1) : body);
    if (values[0] !== 'publish') return { bytes };
    // publish: name, transaction id, null, the publishing name, the publishing type.
    return { bytes, streamName: values[1] ?? '' };
  }
}

/** The command's name and the first string after its transaction id and (null) command object. */
function readAmf0Strings(body: Buffer): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < body.length && out.length < 2) {
    const marker = body[at];
    if (marker === 0x02) {
      if (at + 3 > body.length) break;
      const length = body.readUInt16BE(at + 1);
      out.push(body.subarray(at + 3, at + 3 + length).toString('utf8'));
      at += 3 + length;
    } else if (marker === 0x00) at += 9;
    else if (marker === 0x05 || marker === 0x06) at += 1;
    else break;
  }
  return out;
}
