/**
 * The AudioWorklet processor: runs on the audio thread at the device's rate, and posts 100 ms chunks of 16-bit
 * mono PCM at the rate the server asked for, each with the input's level. Built by Vite as a file of its own
 * (`?worker&url`), served from the app's origin: `script-src 'self'` allows it, where a blob: module would not.
 */
import { PcmEncoder } from './pcm-encoder';

// The AudioWorkletGlobalScope's names, which the DOM library does not declare.
declare const sampleRate: number;
declare function registerProcessor(name: string, processor: unknown): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

export interface CaptureMessage {
  pcm: ArrayBuffer;
  atMs: number;
  rms: number;
  peak: number;
}

class CaptureProcessor extends AudioWorkletProcessor {
  private readonly encoder: PcmEncoder;
  private running = true;

  constructor(options: { processorOptions: { targetRate: number } }) {
    super();
    this.encoder = new PcmEncoder(sampleRate, options.processorOptions.targetRate);
    this.port.onmessage = (event: MessageEvent) => {
      if (event.data === 'stop') this.running = false;
    };
  }

  process(inputs: Float32Array[][]): boolean {
    const input = inputs[0];
    if (input && input.length > 0) {
      for (const chunk of this.encoder.push(input)) {
        const message: CaptureMessage = { pcm: chunk.pcm.buffer as ArrayBuffer, atMs: chunk.atMs, rms: chunk.rms, peak: chunk.peak };
        this.port.postMessage(message, [message.pcm]);
      }
    }
    return this.running;
  }
}

registerProcessor('lt-capture', CaptureProcessor);
