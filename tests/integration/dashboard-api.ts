import type { AuthSession, CreateRoomResponse, ServerFrame } from '@lt/contracts';
import { LiveClient } from '@lt/testing';
import { authApi, uniqueEmail } from './auth-api';
import { transcript } from './helpers';

export type Api = ReturnType<typeof authApi>;

export interface TestUser {
  email: string;
  token: string;
  userId: string;
}

/** A new signed-up user with a session (the test stacks list admin@example.com in ADMIN_EMAILS). */
export async function newUser(api: Api, tag: string, email = uniqueEmail(tag)): Promise<TestUser> {
  const res = await api.signup(email);
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { email, token: (res.body.session as AuthSession).access_token, userId: res.body.user.id };
}

/** A room the user creates with the dashboard's form. */
export async function ownedRoom(api: Api, user: TestUser, form: Record<string, unknown> = {}): Promise<CreateRoomResponse> {
  const res = await api.call<CreateRoomResponse>('POST', '/api/rooms', { name: 'Sala', source_language: 'es', ...form }, user.token);
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A socket that has sent `join` and got its answer (`joined` or an error). */
export async function joined(baseUrl: string, join: Record<string, unknown>, open: LiveClient[]): Promise<LiveClient> {
  const client = await LiveClient.connect(baseUrl);
  open.push(client);
  client.send({ type: 'join', ...join });
  await client.waitFor((c) => c.frames.some((f) => f.type === 'joined' || f.type === 'error'), 5000, 'join answer');
  return client;
}

export const typesOf = (client: LiveClient): ServerFrame['type'][] => client.frames.map((f) => f.type);

/** Speaks the sentences in a started room as its host, at the given instants, and waits for every ack. */
export async function speak(host: LiveClient, sentences: { id: string; text: string; at: string; confidence: number }[]): Promise<void> {
  const before = host.of('ack').length;
  for (const s of sentences) host.send(transcript(s.id, s.text, { timestamp: s.at, confidence: s.confidence }));
  await host.waitFor((c) => c.of('ack').length >= before + sentences.length, 5000, 'acks');
}
