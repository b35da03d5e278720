import type { QuestionListResponse, QuestionView } from '@lt/contracts';
import type { LiveClient } from '@lt/testing';
import type { ApiAnswer } from './auth-api';
import { joined, type Api, type TestUser } from './dashboard-api';

interface QuestionsEnv {
  api: Api;
  baseUrl: string;
  owner: TestUser;
}

/**
 * The questions routes as viewers and hosts call them, on the stack `env` answers (read at each call: it is
 * started in a beforeAll). Each call from a viewer comes from an address of its own unless told.
 */
export function questionsApi(env: () => QuestionsEnv, clients: LiveClient[]) {
  let address = 0;
  const newAddress = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;
  const viewerHeaders = (clientId: string, from: string) => ({ 'x-client-id': clientId, 'x-forwarded-for': from });

  /** Asking and voting come from a viewer socket in the room whose viewerId is the call's X-Client-Id: one joins first. */
  const watching = new Map<string, Promise<LiveClient>>();
  const watch = (roomId: string, clientId: string) => {
    const key = `${roomId}:${clientId}`;
    if (!watching.has(key)) watching.set(key, joined(env().baseUrl, { roomId, role: 'viewer', viewerId: clientId }, clients));
    return watching.get(key) as Promise<LiveClient>;
  };
  const ask = async (roomId: string, body: unknown, clientId: string, from = newAddress()): Promise<ApiAnswer<QuestionView>> => {
    await watch(roomId, clientId);
    return env().api.send('POST', `/api/view/${roomId}/questions`, {
      headers: { 'content-type': 'application/json', ...viewerHeaders(clientId, from) },
      body: JSON.stringify(body),
    });
  };
  const vote = async (roomId: string, questionId: string, clientId: string) => {
    await watch(roomId, clientId);
    return env().api.send<{ votes: number }>('POST', `/api/view/${roomId}/questions/${questionId}/vote`, {
      headers: viewerHeaders(clientId, newAddress()),
    });
  };
  const list = (roomId: string, lang: string, clientId?: string) =>
    env().api.send<QuestionListResponse>('GET', `/api/view/${roomId}/questions?lang=${lang}`, {
      headers: clientId ? { 'x-client-id': clientId } : {},
    });
  const moderate = (roomId: string, questionId: string, status: string, auth: { token?: string; hostKey?: string }) =>
    env().api.send<{ status: string }>('PATCH', `/api/rooms/${roomId}/questions/${questionId}`, {
      headers: {
        'content-type': 'application/json',
        ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
        ...(auth.hostKey ? { 'x-host-key': auth.hostKey } : {}),
      },
      body: JSON.stringify({ status }),
    });
  const setEnabled = (roomId: string, enabled: boolean, token = env().owner.token) =>
    env().api.call<{ enabled: boolean }>('PUT', `/api/rooms/${roomId}/question-settings`, { enabled }, token);

  return { newAddress, viewerHeaders, watch, ask, vote, list, moderate, setEnabled };
}
