import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { AuthSession, CreateRoomResponse, CreateSpeakerResponse, SignupResponse } from '@lt/contracts';
import { createTestDatabase, LiveClient, natsAvailable } from '@lt/testing';
import { startStack, type Stack } from '../support/stack';

/**
 * How soon the product acts on a decision that ends someone's access, and how soon the admin panel answers with a
 * service down. Prints p50 / p95 over ROUNDS rounds of:
 *  - a speaker removed by the room's owner -> its socket closed (goal p95 <= 1 s: "well within a second", docs/protocol.md);
 *  - a session signed out -> the sockets it opened closed (goal p95 <= 1 s);
 *  - GET /api/admin/health with translate-svc stopped (distributed, where NATS answers): the panel waits for no
 *    service longer than its health timeout (goal p95 <= 1.5 s + 0.5 s).
 * The functional tests check that these happen; this bench, how soon.
 * Usage: node ... control.bench.js [rounds=20]
 */
const ROUNDS = Math.max(1, Number(process.argv[2] ?? 20));
const GOAL_CLOSE_MS = 1_000;
const GOAL_HEALTH_MS = 2_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

function report(what: string, values: number[], goalMs: number): boolean {
  const p50 = percentile(values, 50);
  const p95 = percentile(values, 95);
  const met = p95 <= goalMs;
  console.log(`${what}: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (goal p95 <= ${goalMs} ms: ${met ? 'met' : 'MISSED'})`);
  return met;
}

async function call<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

const signup = async (baseUrl: string, email: string) =>
  (await call<SignupResponse>(baseUrl, 'POST', '/api/auth/signup', { email, password: 'secret-pw' })).session as AuthSession;

const email = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** A socket that has joined (or failed to). */
async function joined(baseUrl: string, join: Record<string, unknown>): Promise<LiveClient> {
  const client = await LiveClient.connect(baseUrl);
  client.send({ type: 'join', ...join });
  await client.waitFor((c) => c.frames.some((f) => f.type === 'joined' || f.type === 'error'), 10_000, 'the answer to join');
  if (!client.of('joined').length) throw new Error(`join refused: ${JSON.stringify(client.frames.at(-1))}`);
  return client;
}

/** From `act` to the socket's close. */
async function timeToClose(client: LiveClient, act: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await act();
  await client.waitFor((c) => c.closeCode !== null, 30_000, 'the close');
  return performance.now() - started;
}

async function speakerRemoval(stack: Stack, owner: AuthSession): Promise<number[]> {
  const times: number[] = [];
  const { room } = await call<CreateRoomResponse>(
    stack.baseUrl,
    'POST',
    '/api/rooms',
    { name: 'Bench', source_language: 'es' },
    owner.access_token,
  );
  const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.access_token });
  for (let i = 0; i < ROUNDS; i++) {
    const path = `/api/rooms/${room.id}/speakers`;
    const speaker = await call<CreateSpeakerResponse>(stack.baseUrl, 'POST', path, { name: `Speaker ${i}` }, owner.access_token);
    const token = new URL(speaker.inviteLink).searchParams.get('token');
    const socket = await joined(stack.baseUrl, { roomId: room.id, role: 'speaker', inviteToken: token, lang: 'es' });
    times.push(
      await timeToClose(socket, () => call(stack.baseUrl, 'DELETE', `${path}/${speaker.speaker.id}`, undefined, owner.access_token)),
    );
  }
  host.close();
  return times;
}

async function signOut(stack: Stack): Promise<number[]> {
  const times: number[] = [];
  const { room } = await call<CreateRoomResponse>(stack.baseUrl, 'POST', '/api/rooms', { name: 'Sign-out' });
  for (let i = 0; i < ROUNDS; i++) {
    const session = await signup(stack.baseUrl, email('bench-out'));
    const socket = await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr', accessToken: session.access_token });
    times.push(await timeToClose(socket, () => call(stack.baseUrl, 'POST', '/api/auth/logout', undefined, session.access_token)));
  }
  return times;
}

async function healthWithServiceDown(stack: Stack): Promise<number[]> {
  const admin = await signup(stack.baseUrl, 'admin@example.com');
  await stack.stopService('translate-svc');
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await call(stack.baseUrl, 'GET', '/api/admin/health', undefined, admin.access_token);
    times.push(performance.now() - started);
  }
  await stack.startService('translate-svc');
  return times;
}

async function main(): Promise<void> {
  Logger.overrideLogger(['error']);
  let met = true;
  for (const mode of (await natsAvailable()) ? (['embedded', 'distributed'] as const) : (['embedded'] as const)) {
    const db = await createTestDatabase();
    const stack = await startStack({ mode, databaseUrl: db.url, llmUrl: null });
    try {
      const owner = await signup(stack.baseUrl, email('bench-owner'));
      met = report(`[${mode}] speaker removed -> socket closed`, await speakerRemoval(stack, owner), GOAL_CLOSE_MS) && met;
      met = report(`[${mode}] signed out -> socket closed`, await signOut(stack), GOAL_CLOSE_MS) && met;
      if (mode === 'distributed')
        met = report(`[${mode}] health, a service down`, await healthWithServiceDown(stack), GOAL_HEALTH_MS) && met;
    } finally {
      await stack.close();
      await db.drop();
    }
  }
  process.exit(met ? 0 : 1);
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
