import { test } from '@playwright/test';
import { E2E } from '../ports.mjs';

/**
 * The fake speech provider of the stack the running test talks to (Deepgram's protocol, libs/testing's
 * FakeAsrServer): each project has its own, so that the two run side by side.
 */
export function asrUrl(): string {
  const port = test.info().project.name === 'distributed' ? E2E.distributedAsrPort : E2E.asrPort;
  return `http://127.0.0.1:${port}`;
}

/** The words the fake answers for the next utterances it hears. */
export async function setAsrScript(script: string[]): Promise<void> {
  const res = await fetch(`${asrUrl()}/_fake/script`, { method: 'POST', body: JSON.stringify({ script }) });
  if (!res.ok) throw new Error(`the fake provider refused the script: ${res.status}`);
}

export interface AsrSessionSeen {
  id: number;
  protocol: string;
  query: Record<string, string[]>;
  sampleRate: number;
  receivedMs: number;
  finals: string[];
}

export async function asrSessions(): Promise<AsrSessionSeen[]> {
  return (await (await fetch(`${asrUrl()}/_fake/sessions`)).json()) as AsrSessionSeen[];
}

/** The energy envelope (RMS of 16-bit samples per `frameMs`) of the audio one session received. */
export async function asrAudio(session: number): Promise<{ frameMs: number; sampleRate: number; envelope: number[] }> {
  return (await (await fetch(`${asrUrl()}/_fake/audio?session=${session}`)).json()) as {
    frameMs: number;
    sampleRate: number;
    envelope: number[];
  };
}
