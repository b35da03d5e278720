import { HOST_KEY_HEADER, type IngestKeyResponse, type IngestResponse } from '@lt/contracts';
import { apiRequest } from '../../../lib/http';
import type { GlossaryCredential } from '../../glossary/api/glossary.api';

/** The room's owner (its session) or the host page's host key, as for the glossary. */
export type IngestCredential = GlossaryCredential;

const ingestPath = (roomId: string) => `/api/rooms/${encodeURIComponent(roomId)}/ingest`;

function send<T>(credential: IngestCredential, path: string, init: RequestInit = {}): Promise<T> {
  if (credential.kind === 'session') return credential.request<T>(path, init);
  return apiRequest<T>(path, { ...init, headers: { ...init.headers, [HOST_KEY_HEADER]: credential.hostKey } });
}

export function getIngest(roomId: string, credential: IngestCredential): Promise<IngestResponse> {
  return send<IngestResponse>(credential, ingestPath(roomId));
}

/** A new stream key: in this answer only; the encoder on the old key is cut. */
export function rotateIngestKey(roomId: string, credential: IngestCredential): Promise<IngestKeyResponse> {
  return send<IngestKeyResponse>(credential, `${ingestPath(roomId)}/rotate`, { method: 'POST' });
}
