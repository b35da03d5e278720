import type { CaptureMessage } from './capture.worklet';
import { CAPTURE_WORKLET_URL } from './worklet-url';

export interface ProcessingSwitches {
  echoCancellation: boolean;
  noiseSuppression: boolean;
  autoGainControl: boolean;
}

/** Off by default: a mixer feed is already clean, and browser processing dulls a clean signal. */
export const DEFAULT_PROCESSING: ProcessingSwitches = { echoCancellation: false, noiseSuppression: false, autoGainControl: false };

export interface CaptureOptions extends ProcessingSwitches {
  deviceId: string | null;
  targetRate: number;
  onChunk: (pcm: Int16Array, atMs: number) => void;
  onLevel: (level: { rms: number; peak: number }) => void;
  /** The input ended (device unplugged, permission withdrawn). */
  onEnded: () => void;
}

type AudioContextConstructor = typeof AudioContext;

function audioContextClass(): AudioContextConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
}

/**
 * Whether this browser can capture for server recognition: getUserMedia and an AudioContext with an
 * AudioWorklet (Chrome 66+, Firefox 76+, Safari 14.1+; both need a secure context, https or localhost).
 */
export function canCaptureAudio(): boolean {
  const Context = audioContextClass();
  return Boolean(
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function' &&
    Context &&
    'audioWorklet' in Context.prototype &&
    typeof AudioWorkletNode !== 'undefined',
  );
}

/** The getUserMedia audio constraints: the chosen device exactly, the processing switches as asked. */
export function audioConstraints(options: Pick<CaptureOptions, 'deviceId' | keyof ProcessingSwitches>): MediaTrackConstraints {
  return {
    ...(options.deviceId ? { deviceId: { exact: options.deviceId } } : {}),
    echoCancellation: options.echoCancellation,
    noiseSuppression: options.noiseSuppression,
    autoGainControl: options.autoGainControl,
    channelCount: { ideal: 1 },
  };
}

/**
 * The microphone through an AudioWorklet. The AudioContext is opened at the device's own rate (no `sampleRate`
 * option: Firefox refuses to connect a microphone to a context at another rate) and the worklet resamples. It is
 * created and resumed in the click that starts it, before any await: Safari runs a context only from a gesture.
 */
export class MicrophoneCapture {
  private context: AudioContext | null = null;
  private stream: MediaStream | null = null;
  private node: AudioWorkletNode | null = null;
  private stopped = false;

  /** Call synchronously in the user's click; answers once audio flows (or throws a DOMException). */
  start(options: CaptureOptions): Promise<void> {
    const Context = audioContextClass();
    if (!Context) return Promise.reject(new DOMException('No AudioContext', 'NotSupportedError'));
    const context = new Context();
    this.context = context;
    const resumed = context.resume();
    return this.connect(context, resumed, options).catch((error: unknown) => {
      this.stop();
      throw error;
    });
  }

  private async connect(context: AudioContext, resumed: Promise<void>, options: CaptureOptions): Promise<void> {
    // The processor loads while the browser opens the microphone: the speaker's first words are not lost to it.
    const loaded = context.audioWorklet.addModule(CAPTURE_WORKLET_URL);
    loaded.catch(() => undefined);
    const stream = await navigator.mediaDevices.getUserMedia({ audio: audioConstraints(options) });
    this.stream = stream;
    if (this.stopped) return this.stop();
    await loaded;
    await resumed;
    if (this.stopped) return this.stop();
    const source = context.createMediaStreamSource(stream);
    const node = new AudioWorkletNode(context, 'lt-capture', {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      channelCountMode: 'explicit',
      channelCount: Math.min(2, source.channelCount || 1),
      processorOptions: { targetRate: options.targetRate },
    });
    this.node = node;
    node.port.onmessage = (event: MessageEvent<CaptureMessage>) => {
      const { pcm, atMs, rms, peak } = event.data;
      options.onLevel({ rms, peak });
      options.onChunk(new Int16Array(pcm), atMs);
    };
    source.connect(node);
    // A silent path to the output keeps every browser pulling the node (some skip a node that leads nowhere).
    const mute = context.createGain();
    mute.gain.value = 0;
    node.connect(mute).connect(context.destination);
    stream.getAudioTracks().forEach((track) => track.addEventListener('ended', () => options.onEnded()));
  }

  stop(): void {
    this.stopped = true;
    this.node?.port.postMessage('stop');
    this.node?.disconnect();
    this.node = null;
    this.stream?.getTracks().forEach((track) => track.stop());
    this.stream = null;
    void this.context?.close().catch(() => undefined);
    this.context = null;
  }
}
