import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A WAV file spoken by espeak-ng (the Debian package), for Chromium to play as the microphone. */
export function speakToWav(text: string, name: string): string {
  const dir = join(__dirname, '..', '..', '..', 'test-results', 'e2e-audio');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.wav`);
  const spoken = join(dir, `${name}.22k.wav`);
  const run = spawnSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', spoken, text], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`espeak-ng failed: ${run.stderr || run.error?.message}`);
  // At 48 kHz, a device's usual rate: Chromium's fake capture then plays the file without resampling it.
  const convert = spawnSync('sox', [spoken, '-r', '48000', '-b', '16', path], { encoding: 'utf8' });
  if (convert.status !== 0) throw new Error(`sox failed: ${convert.stderr || convert.error?.message}`);
  return path;
}

export interface Pcm {
  rate: number;
  samples: Float32Array;
}

/** The first channel of a 16-bit PCM WAV file, as floats. */
export function readWav(path: string): Pcm {
  const file = readFileSync(path);
  if (file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let offset = 12;
  let rate = 0;
  let channels = 1;
  let bits = 16;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    // espeak-ng writes a streaming header whose data size may be 0 or too big: the data runs to the end.
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = file.readUInt16LE(body + 2);
      rate = file.readUInt32LE(body + 4);
      bits = file.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (bits !== 16) throw new Error(`expected 16-bit PCM, got ${bits}`);
      const end = size > 0 && body + size <= file.length ? body + size : file.length;
      const frames = Math.floor((end - body) / (2 * channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = file.readInt16LE(body + i * 2 * channels) / 32768;
      return { rate, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('no data chunk');
}

/** 16-bit little-endian PCM bytes as floats. */
export function pcmFromBytes(bytes: Buffer, rate: number): Pcm {
  const samples = new Float32Array(Math.floor(bytes.length / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2) / 32768;
  return { rate, samples };
}

/** The RMS of each `frameMs` window: the shape of speech over time, whatever the sample rate. */
export function envelope({ rate, samples }: Pcm, frameMs = 20): number[] {
  const size = Math.round((rate * frameMs) / 1000);
  const out: number[] = [];
  for (let start = 0; start + size <= samples.length; start += size) {
    let sum = 0;
    for (let i = start; i < start + size; i++) sum += samples[i] * samples[i];
    out.push(Math.sqrt(sum / size));
  }
  return out;
}

function pearson(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length);
  if (n < 10) return 0;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i];
    mb += b[i];
  }
  ma /= n;
  mb /= n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i] - ma) * (b[i] - mb);
    aa += (a[i] - ma) ** 2;
    bb += (b[i] - mb) ** 2;
  }
  return aa && bb ? ab / Math.sqrt(aa * bb) : 0;
}

/**
 * How well the captured audio's envelope follows the file's: the best correlation over the offsets between them
 * (the capture may start after the file began playing, or before), and that offset in frames (negative: the
 * capture missed the file's first frames).
 */
export function envelopeMatch(file: number[], captured: number[], maxLagFrames = 100): { correlation: number; lagFrames: number } {
  let best = { correlation: -1, lagFrames: 0 };
  for (let lag = -maxLagFrames; lag <= maxLagFrames; lag++) {
    const correlation = lag >= 0 ? pearson(file, captured.slice(lag)) : pearson(file.slice(-lag), captured);
    if (correlation > best.correlation) best = { correlation, lagFrames: lag };
  }
  return best;
}
