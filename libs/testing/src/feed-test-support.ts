import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Test helpers for the feed ingest: speech made by espeak-ng, sent by a real ffmpeg, compared by its envelope. */

export const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

/** A WAV of `text` spoken by espeak-ng. */
export function speechWav(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'feed-')), 'said.wav');
  execFileSync('espeak-ng', ['-w', file, text]);
  return file;
}

/** The WAV as 16-bit mono PCM at `rate`, decoded by ffmpeg as the ingest decodes. */
export function wavPcm(file: string, rate: number): Buffer {
  return execFileSync(
    FFMPEG,
    ['-hide_banner', '-loglevel', 'error', '-i', file, '-f', 's16le', '-ac', '1', '-ar', String(rate), 'pipe:1'],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
}

/** ffmpeg publishing the WAV at real time over SRT, as an encoder would (MPEG-TS, AAC). */
export function publishSrt(file: string, port: number, streamId: string, extra: string[] = []): ChildProcess {
  const url = `srt://127.0.0.1:${port}?streamid=${encodeURIComponent(streamId)}&connect_timeout=3000`;
  return spawn(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-re', ...extra, '-i', file, '-c:a', 'aac', '-f', 'mpegts', url], {
    stdio: 'ignore',
  });
}

/** ffmpeg publishing the WAV at real time over RTMP, as OBS would (FLV, AAC), with the key as the stream name. */
export function publishRtmp(file: string, port: number, key: string, extra: string[] = []): ChildProcess {
  const url = `rtmp://127.0.0.1:${port}/live/${key}`;
  return spawn(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-re', ...extra, '-i', file, '-c:a', 'aac', '-f', 'flv', url], {
    stdio: 'ignore',
  });
}

export const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));

/** RMS of each `windowMs` of 16-bit PCM. */
export function envelope(pcm: Buffer, rate: number, windowMs: number): number[] {
  const per = Math.round((rate * windowMs) / 1000);
  const out: number[] = [];
  for (let start = 0; start + per <= pcm.length / 2; start += per) {
    let sum = 0;
    for (let i = start; i < start + per; i++) sum += (pcm.readInt16LE(i * 2) / 32768) ** 2;
    out.push(Math.sqrt(sum / per));
  }
  return out;
}

function pearson(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length);
  if (n < 4) return 0;
  const ma = a.slice(0, n).reduce((s, v) => s + v, 0) / n;
  const mb = b.slice(0, n).reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += (a[i] - ma) * (b[i] - mb);
    da += (a[i] - ma) ** 2;
    db += (b[i] - mb) ** 2;
  }
  return da && db ? num / Math.sqrt(da * db) : 0;
}

/** The best correlation of `received` with `sent` over leading offsets of up to `maxLag` windows either way. */
export function bestCorrelation(sent: number[], received: number[], maxLag: number): { r: number; lag: number } {
  let best = { r: -1, lag: 0 };
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    const r = lag >= 0 ? pearson(sent, received.slice(lag)) : pearson(sent.slice(-lag), received);
    if (r > best.r) best = { r, lag };
  }
  return best;
}

/** What an ingest opens a stream with: the part of libs/asr's AudioSink `open` argument a test reads. */
interface OpenedStream {
  streamId: string;
  roomId: string;
  sampleRate: number;
}

/** A sink that keeps what it is given (libs/asr's AudioSink, structurally). */
export class RecordingSink {
  readonly opened: OpenedStream[] = [];
  readonly chunks: { streamId: string; seq: number; atMs: number; pcm: Buffer }[] = [];
  readonly stopped: string[] = [];
  /** Each open stream's way to say it stopped by itself (as the recognition does for a spent quota). */
  readonly stopBySink = new Map<string, (reason: 'quota' | 'idle') => void>();
  /** While set, `open` fails with it (as the recognition refuses a room whose quota is spent). */
  refusal: Error | null = null;

  constructor(private readonly nextSeq = 0) {}

  async open(stream: OpenedStream, stopped?: (reason: 'quota' | 'idle') => void) {
    if (this.refusal) throw this.refusal;
    this.opened.push(stream);
    if (stopped) this.stopBySink.set(stream.streamId, stopped);
    return { nextSeq: this.nextSeq, sampleRate: stream.sampleRate };
  }

  push(streamId: string, seq: number, atMs: number, pcm: Buffer): void {
    this.chunks.push({ streamId, seq, atMs, pcm });
  }

  async stop(streamId: string): Promise<void> {
    this.stopped.push(streamId);
  }

  pcm(streamId?: string): Buffer {
    return Buffer.concat(this.chunks.filter((c) => !streamId || c.streamId === streamId).map((c) => c.pcm));
  }
}
