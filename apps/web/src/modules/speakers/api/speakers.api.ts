import type { CreateSpeakerResponse, HostLanguageCode, SpeakerAccessResponse, SpeakerListResponse } from '@lt/contracts';
import { apiRequest } from '../../../lib/http';
import type { Requester } from '../../rooms/api/rooms.api';

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  body: body === undefined ? undefined : JSON.stringify(body),
});

const speakersPath = (roomId: string) => `/api/rooms/${encodeURIComponent(roomId)}/speakers`;

/** The owner's calls: `request` carries the session. */
export function listSpeakers(roomId: string, request: Requester): Promise<SpeakerListResponse> {
  return request<SpeakerListResponse>(speakersPath(roomId));
}

export function inviteSpeaker(roomId: string, name: string, request: Requester): Promise<CreateSpeakerResponse> {
  return request<CreateSpeakerResponse>(speakersPath(roomId), json('POST', { name }));
}

export function removeSpeaker(roomId: string, speakerId: string, request: Requester): Promise<void> {
  return request<void>(`${speakersPath(roomId)}/${encodeURIComponent(speakerId)}`, json('DELETE'));
}

/** The speaker's calls: the invite token is the only credential. */
export function verifyInvite(roomId: string, token: string): Promise<SpeakerAccessResponse> {
  return apiRequest<SpeakerAccessResponse>('/api/speak/verify', json('POST', { roomId, token }));
}

export function joinAsSpeaker(roomId: string, token: string, lang: HostLanguageCode): Promise<SpeakerAccessResponse> {
  return apiRequest<SpeakerAccessResponse>('/api/speak/join', json('POST', { roomId, token, lang }));
}

export function leaveAsSpeaker(roomId: string, token: string): Promise<void> {
  return apiRequest<void>('/api/speak/leave', json('POST', { roomId, token }));
}
