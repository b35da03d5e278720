/** A chunk of 16-bit mono PCM as the sink takes it: its seq (+1 a chunk) and its first sample's time in the stream. */
export interface PcmChunk {
  seq: number;
  atMs: number;
  pcm: Buffer;
}

/**
 * Cuts the decoder's stdout (16-bit little-endian mono PCM, in pieces of whatever size the pipe gives) into
 * chunks of exactly `chunkMs` of audio, so seq and time follow the audio and not the pipe.
 */
export class PcmChunker {
  private readonly chunkBytes: number;
  private readonly msPerChunk: number;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq: number;

  constructor(sampleRate: number, chunkMs: number, firstSeq = 0) {
    this.chunkBytes = Math.round((sampleRate * chunkMs) / 1000) * 2;
    this.msPerChunk = (this.chunkBytes / 2 / sampleRate) * 1000;
    this.seq = firstSeq;
  }

  /** The whole chunks the data completes; what is left waits for the next call. */
  write(data: Buffer): PcmChunk[] {
    this.pending.push(data);
    this.pendingBytes += data.length;
    if (this.pendingBytes < this.chunkBytes) return [];
    let all = Buffer.concat(this.pending, this.pendingBytes);
    const chunks: PcmChunk[] = [];
    while (all.length >= this.chunkBytes) {
      chunks.push(this.take(all.subarray(0, this.chunkBytes)));
      all = all.subarray(this.chunkBytes);
    }
    this.pending = all.length ? [Buffer.from(all)] : [];
    this.pendingBytes = all.length;
    return chunks;
  }

  /** The last, shorter chunk at the end of the stream (whole samples only), if any audio is left. */
  flush(): PcmChunk | null {
    const all = Buffer.concat(this.pending, this.pendingBytes);
    const usable = all.length - (all.length % 2);
    this.pending = [];
    this.pendingBytes = 0;
    return usable ? this.take(all.subarray(0, usable)) : null;
  }

  private take(pcm: Buffer): PcmChunk {
    const seq = this.seq++;
    return { seq, atMs: Math.round(seq * this.msPerChunk), pcm: Buffer.from(pcm) };
  }
}
