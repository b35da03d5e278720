import type {
  CreateOwnedRoomBody,
  CreateRoomBody,
  CreateRoomResponse,
  InterfaceLocale,
  RoomListResponse,
  RoomResponse,
  TranscriptFormat,
  TranscriptResponse,
  UpdateRoomBody,
} from '@lt/contracts';
import { apiRequest, type DownloadedFile } from '../../../lib/http';
import type { RoomListFilter } from '../../../lib/query-keys';

export type Requester = <T>(path: string, init?: RequestInit) => Promise<T>;
export type Downloader = (path: string, init?: RequestInit) => Promise<DownloadedFile>;

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  body: body === undefined ? undefined : JSON.stringify(body),
});

const roomPath = (roomId: string) => `/api/rooms/${encodeURIComponent(roomId)}`;

/** `request` carries the signed-in user's token, so the server can record the room's owner. */
export function createRoom(body: CreateRoomBody | CreateOwnedRoomBody, request: Requester = apiRequest): Promise<CreateRoomResponse> {
  return request<CreateRoomResponse>('/api/rooms', json('POST', body));
}

export function listRooms(filter: RoomListFilter, request: Requester): Promise<RoomListResponse> {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  params.set('order', filter.order);
  if (filter.limit !== undefined) params.set('limit', String(filter.limit));
  return request<RoomListResponse>(`/api/rooms?${params.toString()}`);
}

export function getRoom(roomId: string, request: Requester): Promise<RoomResponse> {
  return request<RoomResponse>(roomPath(roomId));
}

export function updateRoom(roomId: string, body: UpdateRoomBody, request: Requester): Promise<RoomResponse> {
  return request<RoomResponse>(roomPath(roomId), json('PATCH', body));
}

export function deleteRoom(roomId: string, request: Requester): Promise<void> {
  return request<void>(roomPath(roomId), json('DELETE'));
}

export function duplicateRoom(roomId: string, request: Requester): Promise<RoomResponse> {
  return request<RoomResponse>(`${roomPath(roomId)}/duplicate`, json('POST'));
}

export function setRoomLive(roomId: string, live: boolean, request: Requester): Promise<RoomResponse> {
  return request<RoomResponse>(`${roomPath(roomId)}/${live ? 'start' : 'end'}`, json('POST'));
}

export function claimRoom(roomId: string, hostKey: string, request: Requester): Promise<RoomResponse> {
  return request<RoomResponse>(`${roomPath(roomId)}/claim`, json('POST', { hostKey }));
}

export function getTranscript(roomId: string, request: Requester): Promise<TranscriptResponse> {
  return request<TranscriptResponse>(`${roomPath(roomId)}/transcript`);
}

export interface TranscriptExport {
  format: TranscriptFormat;
  /** Omitted: the room's source language. */
  lang?: string;
  /** IANA zone the file's clock times are written in. */
  timeZone: string;
  /** The interface language of the file's labels and name. */
  ui: InterfaceLocale;
}

export function transcriptExportPath(roomId: string, { format, lang, timeZone, ui }: TranscriptExport): string {
  const params = new URLSearchParams();
  if (lang) params.set('lang', lang);
  params.set('tz', timeZone);
  params.set('ui', ui);
  return `${roomPath(roomId)}/transcript.${format}?${params.toString()}`;
}

export function exportTranscript(roomId: string, options: TranscriptExport, download: Downloader): Promise<DownloadedFile> {
  return download(transcriptExportPath(roomId, options));
}
