/**
 * Microphone samples (any device rate, any channel count) to the 16-bit mono PCM the audio socket carries
 * (docs/audio.md). Pure: it runs inside the AudioWorklet and in unit tests alike, so it imports nothing.
 */

/** Taps on each side of a sample: 32 in all, a steep enough low-pass for speech at 16 and 24 kHz. */
const HALF_TAPS = 16;
/** Fractional positions the kernel is tabulated at (the nearest one is used). */
const PHASES = 256;
/** The low-pass sits a little below the lower Nyquist frequency, leaving room for the transition band. */
const CUTOFF_MARGIN = 0.92;

function blackman(x: number): number {
  // x in [-1, 1]
  const t = (x + 1) / 2;
  return 0.42 - 0.5 * Math.cos(2 * Math.PI * t) + 0.08 * Math.cos(4 * Math.PI * t);
}

function sinc(x: number): number {
  if (x === 0) return 1;
  const px = Math.PI * x;
  return Math.sin(px) / px;
}

/**
 * A streaming windowed-sinc resampler: output sample n sits at input position n·in/out; its value is the input
 * convolved with a Blackman-windowed sinc low-pass cut below the lower of the two Nyquist frequencies, so
 * downsampling a 48 kHz device to 16 kHz folds nothing above 8 kHz back into speech.
 */
export class SincResampler {
  private readonly step: number;
  private readonly table: Float32Array;
  private buffer: Float32Array;
  private length: number;
  /** Where the next output sample sits, in buffer coordinates. */
  private position: number;

  constructor(
    readonly inputRate: number,
    readonly outputRate: number,
  ) {
    if (!(inputRate > 0 && outputRate > 0)) throw new Error('sample rates must be positive');
    this.step = inputRate / outputRate;
    this.table = SincResampler.kernel(Math.min(1, outputRate / inputRate) * CUTOFF_MARGIN);
    // The history starts as silence: the first output sample is input sample 0.
    this.buffer = new Float32Array(4096);
    this.length = HALF_TAPS;
    this.position = HALF_TAPS;
  }

  /** One row of 2·HALF_TAPS weights per phase, each row summing to 1 (no gain at DC). */
  private static kernel(cutoff: number): Float32Array {
    const width = 2 * HALF_TAPS;
    const table = new Float32Array((PHASES + 1) * width);
    for (let phase = 0; phase <= PHASES; phase++) {
      const frac = phase / PHASES;
      let sum = 0;
      for (let j = 0; j < width; j++) {
        // Tap j weighs input sample floor(p) + j - HALF_TAPS + 1, at distance d from the output position.
        const d = frac - (j - HALF_TAPS + 1);
        const w = Math.abs(d) >= HALF_TAPS ? 0 : cutoff * sinc(cutoff * d) * blackman(d / HALF_TAPS);
        table[phase * width + j] = w;
        sum += w;
      }
      for (let j = 0; j < width; j++) table[phase * width + j] /= sum;
    }
    return table;
  }

  /** Feeds input samples; answers the output samples they complete. */
  process(input: Float32Array): Float32Array {
    this.append(input);
    const width = 2 * HALF_TAPS;
    const count = Math.max(0, Math.floor((this.length - HALF_TAPS - this.position) / this.step) + 1);
    const out = new Float32Array(count);
    let produced = 0;
    while (produced < count) {
      const base = Math.floor(this.position);
      if (base + HALF_TAPS >= this.length) break;
      const row = Math.round((this.position - base) * PHASES) * width;
      const first = base - HALF_TAPS + 1;
      let acc = 0;
      for (let j = 0; j < width; j++) acc += this.buffer[first + j] * this.table[row + j];
      out[produced++] = acc;
      this.position += this.step;
    }
    this.discardBefore(Math.floor(this.position) - HALF_TAPS + 1);
    return produced === count ? out : out.subarray(0, produced);
  }

  private append(input: Float32Array): void {
    if (this.length + input.length > this.buffer.length) {
      const grown = new Float32Array(Math.max(this.buffer.length * 2, this.length + input.length));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.buffer.set(input, this.length);
    this.length += input.length;
  }

  private discardBefore(index: number): void {
    if (index <= 0) return;
    this.buffer.copyWithin(0, index, this.length);
    this.length -= index;
    this.position -= index;
  }
}

/** The channels' average: a stereo mixer feed keeps both sides. */
export function downmix(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0];
  const out = new Float32Array(channels[0]?.length ?? 0);
  for (const channel of channels) for (let i = 0; i < out.length; i++) out[i] += channel[i];
  for (let i = 0; i < out.length; i++) out[i] /= channels.length;
  return out;
}

/** Float samples in [-1, 1] to signed 16-bit, clipped. */
export function toPcm16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    out[i] = s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff);
  }
  return out;
}

export interface PcmChunk {
  pcm: Int16Array;
  /** The capture time of its first sample, in ms since the capture began. */
  atMs: number;
  /** The input's level over the chunk, 0..1. */
  rms: number;
  peak: number;
}

/** Downmix, resample, encode, and cut into chunks of `chunkMs` (100 ms by default; the socket takes at most 200). */
export class PcmEncoder {
  private readonly resampler: SincResampler;
  private readonly chunkSamples: number;
  private pending: Int16Array;
  private filled = 0;
  private emitted = 0;
  private sumSquares = 0;
  private levelSamples = 0;
  private peak = 0;

  constructor(
    inputRate: number,
    readonly outputRate: number,
    chunkMs = 100,
  ) {
    this.resampler = new SincResampler(inputRate, outputRate);
    this.chunkSamples = Math.max(1, Math.round((outputRate * chunkMs) / 1000));
    this.pending = new Int16Array(this.chunkSamples);
  }

  push(channels: readonly Float32Array[]): PcmChunk[] {
    if (channels.length === 0) return [];
    const mono = downmix(channels);
    for (let i = 0; i < mono.length; i++) {
      const s = mono[i];
      this.sumSquares += s * s;
      const a = Math.abs(s);
      if (a > this.peak) this.peak = a;
    }
    this.levelSamples += mono.length;
    const pcm = toPcm16(this.resampler.process(mono));
    const chunks: PcmChunk[] = [];
    let offset = 0;
    while (offset < pcm.length) {
      const take = Math.min(this.chunkSamples - this.filled, pcm.length - offset);
      this.pending.set(pcm.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.chunkSamples) chunks.push(this.cut());
    }
    return chunks;
  }

  private cut(): PcmChunk {
    const chunk: PcmChunk = {
      pcm: this.pending,
      atMs: Math.floor((this.emitted * 1000) / this.outputRate),
      rms: this.levelSamples ? Math.sqrt(this.sumSquares / this.levelSamples) : 0,
      peak: this.peak,
    };
    this.emitted += this.chunkSamples;
    this.pending = new Int16Array(this.chunkSamples);
    this.filled = 0;
    this.sumSquares = 0;
    this.levelSamples = 0;
    this.peak = 0;
    return chunk;
  }
}
