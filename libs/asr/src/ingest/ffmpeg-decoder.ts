import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

export interface DecoderOptions {
  ffmpegPath: string;
  /** What ffmpeg reads, e.g. `srt://127.0.0.1:40000?mode=listener`. */
  input: string;
  /** Options of the input, before it (e.g. `-listen 1` for RTMP). */
  inputArgs?: string[];
  sampleRate: number;
}

export interface DecoderEvents {
  pcm(data: Buffer): void;
  /** ffmpeg ended: the publisher left, the input failed, or it was stopped; `log` is the end of what it said. */
  exit(code: number | null, log: string): void;
}

const LOG_TAIL = 2000;

/** ffmpeg's arguments: whatever codec arrives, its first audio track, as 16-bit mono PCM at the rate asked, on stdout. */
export function decoderArgs(input: string, sampleRate: number, inputArgs: string[] = []): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'warning',
    // Find the audio in the first second rather than after five; what is read meanwhile is still decoded
    // (no `-fflags nobuffer`, which drops it: the speaker's first words).
    '-probesize',
    '262144',
    '-analyzeduration',
    '1000000',
    ...inputArgs,
    '-i',
    input,
    '-map',
    '0:a:0',
    '-vn',
    '-f',
    's16le',
    '-acodec',
    'pcm_s16le',
    '-ac',
    '1',
    '-ar',
    String(sampleRate),
    'pipe:1',
  ];
}

/** One ffmpeg process decoding one publisher's stream; stopped, it is killed at once (no trailer to write). */
export class FfmpegDecoder {
  private readonly child: ChildProcessByStdio<null, Readable, Readable>;
  private log = '';
  private stopped = false;

  constructor(options: DecoderOptions, events: DecoderEvents) {
    this.child = spawn(options.ffmpegPath, decoderArgs(options.input, options.sampleRate, options.inputArgs), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout.on('data', (data: Buffer) => {
      if (!this.stopped) events.pcm(data);
    });
    this.child.stderr.on('data', (data: Buffer) => {
      this.log = (this.log + data.toString('utf8')).slice(-LOG_TAIL);
    });
    let ended = false;
    const end = (code: number | null) => {
      if (ended) return;
      ended = true;
      events.exit(code, this.log.trim());
    };
    // A missing binary emits 'error' and perhaps no 'close'; either ends the decoder once.
    this.child.on('error', (error) => {
      this.log += `\n${error.message}`;
      end(null);
    });
    this.child.on('close', (code) => end(code));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
