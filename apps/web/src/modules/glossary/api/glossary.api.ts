import {
  HOST_KEY_HEADER,
  type GlossaryDraftEntry,
  type GlossaryResponse,
  type GlossaryRevisionResponse,
  type GlossaryVocabularyResponse,
} from '@lt/contracts';
import { apiRequest } from '../../../lib/http';
import type { Requester } from '../../rooms/api/rooms.api';

/**
 * Who edits the glossary: the signed-in owner (the session's requester), or the host page holding the
 * room's host key, which goes in a header and never in the URL.
 */
export type GlossaryCredential = { kind: 'session'; request: Requester } | { kind: 'hostKey'; hostKey: string };

const glossaryPath = (roomId: string) => `/api/rooms/${encodeURIComponent(roomId)}/glossary`;

function send<T>(credential: GlossaryCredential, path: string, init: RequestInit = {}): Promise<T> {
  if (credential.kind === 'session') return credential.request<T>(path, init);
  return apiRequest<T>(path, { ...init, headers: { ...init.headers, [HOST_KEY_HEADER]: credential.hostKey } });
}

export function getGlossary(roomId: string, credential: GlossaryCredential): Promise<GlossaryResponse> {
  return send<GlossaryResponse>(credential, glossaryPath(roomId));
}

export function saveGlossary(roomId: string, entries: GlossaryDraftEntry[], credential: GlossaryCredential): Promise<GlossaryResponse> {
  return send<GlossaryResponse>(credential, glossaryPath(roomId), { method: 'PUT', body: JSON.stringify({ entries }) });
}

/** The room's last `lines` lines translated again with the stored glossary; viewers see them replaced. */
export function reviseWithGlossary(roomId: string, lines: number, credential: GlossaryCredential): Promise<GlossaryRevisionResponse> {
  return send<GlossaryRevisionResponse>(credential, `${glossaryPath(roomId)}/revise`, { method: 'POST', body: JSON.stringify({ lines }) });
}

/** The glossary terms the room's speech recogniser is given (provider null: recognised in browsers only). */
export function getGlossaryVocabulary(roomId: string, credential: GlossaryCredential): Promise<GlossaryVocabularyResponse> {
  return send<GlossaryVocabularyResponse>(credential, `${glossaryPath(roomId)}/vocabulary`);
}
