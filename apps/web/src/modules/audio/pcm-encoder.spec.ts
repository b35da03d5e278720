import { downmix, PcmEncoder, SincResampler, toPcm16 } from './pcm-encoder';

function sine(rate: number, hz: number, seconds: number, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / rate);
  return out;
}

/** The signal's power at one frequency (a single DFT bin), normalised by length. */
function powerAt(samples: ArrayLike<number>, rate: number, hz: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < samples.length; i++) {
    re += samples[i] * Math.cos((2 * Math.PI * hz * i) / rate);
    im -= samples[i] * Math.sin((2 * Math.PI * hz * i) / rate);
  }
  return (re * re + im * im) / (samples.length * samples.length);
}

/** Feeds the input in render quanta of 128 frames, as an AudioWorklet gets it. */
function resampleAll(resampler: SincResampler, input: Float32Array): Float32Array {
  const parts: Float32Array[] = [];
  for (let i = 0; i < input.length; i += 128) parts.push(resampler.process(input.subarray(i, i + 128)));
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

describe('SincResampler', () => {
  it.each([
    [48000, 16000],
    [44100, 16000],
    [48000, 24000],
    [44100, 24000],
    [16000, 24000],
  ])('keeps a 1 kHz tone at 1 kHz from %i Hz to %i Hz, with the expected length', (inRate, outRate) => {
    const out = resampleAll(new SincResampler(inRate, outRate), sine(inRate, 1000, 1));
    // All but the filter's half width (16 input samples) comes out.
    expect(Math.abs(out.length - outRate)).toBeLessThanOrEqual(Math.ceil((16 * outRate) / inRate) + 1);
    const steady = out.subarray(100);
    const at1k = powerAt(steady, outRate, 1000);
    expect(at1k).toBeGreaterThan(0.06); // a 0.5 sine has power 0.0625 in its bin
    expect(powerAt(steady, outRate, 1300)).toBeLessThan(at1k / 1000);
    const peak = steady.reduce((m, s) => Math.max(m, Math.abs(s)), 0);
    expect(peak).toBeGreaterThan(0.48);
    expect(peak).toBeLessThan(0.52);
  });

  it('removes a tone above the new Nyquist frequency instead of folding it into speech', () => {
    // 12 kHz at 48 kHz would alias to 4 kHz at 16 kHz without the low-pass.
    const out = resampleAll(new SincResampler(48000, 16000), sine(48000, 12000, 1));
    const steady = out.subarray(100);
    expect(powerAt(steady, 16000, 4000)).toBeLessThan(1e-5);
    const rms = Math.sqrt(steady.reduce((s, x) => s + x * x, 0) / steady.length);
    expect(rms).toBeLessThan(0.01);
  });

  it('gives the same samples whatever the input block sizes', () => {
    const input = sine(44100, 440, 0.2);
    const whole = new SincResampler(44100, 16000).process(input);
    const blocks = resampleAll(new SincResampler(44100, 16000), input);
    expect(blocks.length).toBe(whole.length);
    for (let i = 0; i < whole.length; i++) expect(blocks[i]).toBeCloseTo(whole[i], 6);
  });
});

describe('encoding', () => {
  it('averages channels to mono', () => {
    expect(Array.from(downmix([new Float32Array([1, 0.5]), new Float32Array([0, -0.5])]))).toEqual([0.5, 0]);
  });

  it('clips and scales to signed 16-bit', () => {
    expect(Array.from(toPcm16(new Float32Array([0, 1, -1, 2, -2, 0.5])))).toEqual([0, 32767, -32768, 32767, -32768, 16384]);
  });

  it('cuts 100 ms chunks at the target rate, timed from the capture start, with the input level', () => {
    const encoder = new PcmEncoder(48000, 16000);
    const input = sine(48000, 440, 1, 0.5);
    const chunks = [];
    for (let i = 0; i < input.length; i += 128) chunks.push(...encoder.push([input.subarray(i, i + 128), input.subarray(i, i + 128)]));
    expect(chunks).toHaveLength(9); // the tenth is still filling (the filter's delay)
    expect(chunks.map((c) => c.pcm.length)).toEqual(Array(9).fill(1600));
    expect(chunks.map((c) => c.atMs)).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800]);
    expect(chunks[5].rms).toBeCloseTo(0.5 / Math.SQRT2, 2);
    expect(chunks[5].peak).toBeCloseTo(0.5, 2);
    expect(powerAt(chunks[5].pcm, 16000, 440) / 32767 ** 2).toBeGreaterThan(0.06);
  });

  it('reports silence as level 0', () => {
    const encoder = new PcmEncoder(16000, 16000);
    const [chunk] = encoder.push([new Float32Array(1700)]);
    expect(chunk.rms).toBe(0);
    expect(chunk.peak).toBe(0);
  });
});
