import {
  HOST_KEY_HEADER,
  type LanguageCode,
  type QuestionListResponse,
  type QuestionStatus,
  type QuestionView,
  type QuestionVoteResponse,
} from '@lt/contracts';
import { clientIdHeaders } from '../../../lib/client-id';
import { apiRequest } from '../../../lib/http';
import type { Requester } from '../../rooms/api/rooms.api';

/** The host: the signed-in owner (the session's requester), or the host page's key, sent in a header. */
export type HostCredential = { kind: 'session'; request: Requester } | { kind: 'hostKey'; hostKey: string };

const room = (roomId: string) => encodeURIComponent(roomId);

function asHost<T>(credential: HostCredential, path: string, init: RequestInit): Promise<T> {
  if (credential.kind === 'session') return credential.request<T>(path, init);
  return apiRequest<T>(path, { ...init, headers: { ...init.headers, [HOST_KEY_HEADER]: credential.hostKey } });
}

export function listQuestions(roomId: string, lang: LanguageCode): Promise<QuestionListResponse> {
  return apiRequest(`/api/view/${room(roomId)}/questions?lang=${encodeURIComponent(lang)}`, { headers: clientIdHeaders() });
}

export function askQuestion(roomId: string, text: string, lang: LanguageCode): Promise<QuestionView> {
  return apiRequest(`/api/view/${room(roomId)}/questions`, {
    method: 'POST',
    headers: clientIdHeaders(),
    body: JSON.stringify({ text, lang }),
  });
}

export function upvoteQuestion(roomId: string, questionId: string): Promise<QuestionVoteResponse> {
  return apiRequest(`/api/view/${room(roomId)}/questions/${encodeURIComponent(questionId)}/vote`, {
    method: 'POST',
    headers: clientIdHeaders(),
  });
}

export function moderateQuestion(roomId: string, questionId: string, status: QuestionStatus, credential: HostCredential) {
  return asHost<{ id: string; status: QuestionStatus }>(
    credential,
    `/api/rooms/${room(roomId)}/questions/${encodeURIComponent(questionId)}`,
    {
      method: 'PATCH',
      body: JSON.stringify({ status }),
    },
  );
}

export function setQuestionsEnabled(roomId: string, enabled: boolean, credential: HostCredential): Promise<{ enabled: boolean }> {
  return asHost(credential, `/api/rooms/${room(roomId)}/question-settings`, { method: 'PUT', body: JSON.stringify({ enabled }) });
}
