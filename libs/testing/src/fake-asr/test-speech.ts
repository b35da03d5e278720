import type { FakeUtterance } from './fake-asr.types';

/** A tone of `hz` as 16-bit mono PCM (a "sentence" a fake provider can tell apart from another by its pitch). */
export function tonePcm(hz: number, ms: number, sampleRate: number, amplitude = 8000): Buffer {
  const samples = Math.round((sampleRate * ms) / 1000);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / sampleRate)), i * 2);
  return pcm;
}

export const silencePcm = (ms: number, sampleRate: number): Buffer => Buffer.alloc(Math.round((sampleRate * ms) / 1000) * 2);

/** Sentence k is said as a tone of 300 + 100·k Hz. */
export const sentencePitch = (k: number) => 300 + 100 * k;

/**
 * Speech of numbered sentences for tests: each a tone whose pitch says which sentence it is, so a fake
 * answers the same words for the same audio however often it hears it (a replay after a reconnect, another
 * replica taking over). Use as FakeAsrOptions.words.
 */
export function sentenceByPitch(sentences: string[]): (u: FakeUtterance) => string {
  return (u) => sentences[Math.max(0, Math.min(sentences.length - 1, Math.round((u.pitchHz - 300) / 100)))];
}

/** The audio of the sentences in order: each `speechMs` of its tone then `pauseMs` of silence, cut in chunks. */
export function sentencesAudio(
  count: number,
  sampleRate: number,
  opts: { speechMs?: number; pauseMs?: number; chunkMs?: number } = {},
): Buffer[] {
  const { speechMs = 1200, pauseMs = 900, chunkMs = 100 } = opts;
  const parts: Buffer[] = [silencePcm(300, sampleRate)];
  for (let k = 0; k < count; k++) parts.push(tonePcm(sentencePitch(k), speechMs, sampleRate), silencePcm(pauseMs, sampleRate));
  const all = Buffer.concat(parts);
  const bytes = Math.round((sampleRate * chunkMs) / 1000) * 2;
  const chunks: Buffer[] = [];
  for (let i = 0; i < all.length; i += bytes) chunks.push(all.subarray(i, Math.min(all.length, i + bytes)));
  return chunks;
}
