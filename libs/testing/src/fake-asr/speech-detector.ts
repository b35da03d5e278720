/** Analysis frames of the detector (ms). */
export const FRAME_MS = 10;
/** RMS (of 16-bit samples) above which a frame is speech. */
const SPEECH_RMS = 500;
/** Speech begins after this much voiced audio, and stops after this much silence (as a provider's endpointing). */
const START_MS = 60;
const HANGOVER_MS = 300;

/** One utterance as the fake heard it, in ms of the session's audio. */
export interface HeardUtterance {
  startMs: number;
  endMs: number;
  /** Zero crossings per second / 2: a tone's frequency (tests encode which sentence they say in it). */
  pitchHz: number;
}

export interface DetectorEvents {
  started(atMs: number): void;
  /** About every 300 ms of ongoing speech. */
  progress(speechMs: number): void;
  stopped(utterance: HeardUtterance): void;
}

/**
 * Speech detection by the energy of the PCM, as a fake provider's VAD: frames of 10 ms, voiced above an RMS
 * threshold; an utterance starts after 60 ms of voice and ends after 300 ms of silence. Also keeps the energy
 * envelope of everything received (a test correlates it with the audio it sent).
 */
export class SpeechDetector {
  readonly envelope: number[] = [];
  private pending = Buffer.alloc(0);
  private ms = 0;
  private voiced = 0;
  private silent = 0;
  private speechStart: number | null = null;
  private lastVoice = 0;
  private crossings = 0;
  /** Zero crossings of the voiced frames in a row so far: an utterance's pitch counts them from its first frame. */
  private runCrossings = 0;
  private lastSample = 0;
  private lastProgress = 0;

  constructor(
    private readonly sampleRate: number,
    private readonly events: DetectorEvents,
  ) {}

  get receivedMs(): number {
    return this.ms;
  }

  get speaking(): boolean {
    return this.speechStart !== null;
  }

  /** The utterance being spoken, as heard so far. */
  current(): HeardUtterance | null {
    if (this.speechStart === null) return null;
    const endMs = this.lastVoice;
    return { startMs: this.speechStart, endMs, pitchHz: this.crossings / 2 / Math.max(0.001, (endMs - this.speechStart) / 1000) };
  }

  push(pcm: Buffer): void {
    this.pending = Buffer.concat([this.pending, pcm]);
    const frameBytes = (this.sampleRate * FRAME_MS * 2) / 1000;
    while (this.pending.length >= frameBytes) {
      this.frame(this.pending.subarray(0, frameBytes));
      this.pending = this.pending.subarray(frameBytes);
    }
  }

  private frame(frame: Buffer): void {
    let sum = 0;
    let crossings = 0;
    for (let i = 0; i < frame.length; i += 2) {
      const s = frame.readInt16LE(i);
      sum += s * s;
      if (s >= 0 !== this.lastSample >= 0) crossings++;
      this.lastSample = s;
    }
    const rms = Math.sqrt(sum / (frame.length / 2));
    this.envelope.push(Math.round(rms));
    const at = this.ms;
    this.ms += FRAME_MS;
    if (rms >= SPEECH_RMS) {
      this.voiced += FRAME_MS;
      this.silent = 0;
      this.lastVoice = this.ms;
      this.runCrossings += crossings;
      if (this.speechStart === null && this.voiced >= START_MS) {
        this.speechStart = at - START_MS + FRAME_MS;
        // From the utterance's first frame (not from the one that confirmed it), so that a short fragment cut off
        // by a stop keeps its true pitch.
        this.crossings = this.runCrossings;
        this.lastProgress = this.ms;
        this.events.started(this.speechStart);
      } else if (this.speechStart !== null) this.crossings += crossings;
    } else {
      this.voiced = 0;
      this.runCrossings = 0;
      this.silent += FRAME_MS;
    }
    if (this.speechStart === null) return;
    if (this.ms - this.lastProgress >= 300) {
      this.lastProgress = this.ms;
      this.events.progress(this.ms - this.speechStart);
    }
    if (this.silent >= HANGOVER_MS) {
      const startMs = this.speechStart;
      const endMs = this.lastVoice;
      const pitchHz = this.crossings / 2 / Math.max(0.001, (endMs - startMs) / 1000);
      this.speechStart = null;
      this.events.stopped({ startMs, endMs, pitchHz });
    }
  }
}
