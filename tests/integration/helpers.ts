import type { CreateRoomResponse } from '@lt/contracts';
import type { StackMode } from '../support/stack';
import { apiContract } from './api-contract';

/** The modes whose suites run: distributed only where NATS answers (see tests/support/global-setup.ts). */
export const MODES: StackMode[] = process.env.LT_NATS_AVAILABLE === '1' ? ['embedded', 'distributed'] : ['embedded'];

export async function createRoom(baseUrl: string, name?: string): Promise<CreateRoomResponse> {
  const res = await fetch(`${baseUrl}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(name === undefined ? {} : { name }),
  });
  if (res.status !== 201) throw new Error(`create room answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as CreateRoomResponse;
  apiContract.assert('POST', '/api/rooms', res.status, body, res.headers.get('content-type'));
  return body;
}

export function transcript(messageId: string, text: string, extra: Record<string, unknown> = {}) {
  return {
    type: 'transcript' as const,
    messageId,
    text,
    sourceLanguage: 'es' as const,
    timestamp: new Date().toISOString(),
    confidence: 0.92,
    final: true,
    ...extra,
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
