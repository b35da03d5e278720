import { HOST_KEY_HEADER, type AnalyticsCsvTable, type AnalyticsReport, type LiveAnalytics } from '@lt/contracts';
import { apiDownload, apiRequest, type DownloadedFile } from '../../../lib/http';
import type { Downloader, Requester } from '../../rooms/api/rooms.api';

/** Who reads a room's analytics: the signed-in owner, or the host page holding the room's host key (in a header). */
export type AnalyticsCredential = { kind: 'session'; request: Requester; download: Downloader } | { kind: 'hostKey'; hostKey: string };

const roomPath = (roomId: string) => `/api/rooms/${encodeURIComponent(roomId)}/analytics`;
const keyHeaders = (hostKey: string) => ({ headers: { [HOST_KEY_HEADER]: hostKey } });

export const analyticsApi = {
  room: (roomId: string, credential: AnalyticsCredential) =>
    credential.kind === 'session'
      ? credential.request<AnalyticsReport>(roomPath(roomId))
      : apiRequest<AnalyticsReport>(roomPath(roomId), keyHeaders(credential.hostKey)),
  exportRoom: (roomId: string, credential: AnalyticsCredential, table: AnalyticsCsvTable): Promise<DownloadedFile> =>
    credential.kind === 'session'
      ? credential.download(`${roomPath(roomId)}.csv?table=${table}`)
      : apiDownload(`${roomPath(roomId)}.csv?table=${table}`, keyHeaders(credential.hostKey)),
  live: (roomId: string, credential: AnalyticsCredential) =>
    credential.kind === 'session'
      ? credential.request<LiveAnalytics>(`${roomPath(roomId)}/live`)
      : apiRequest<LiveAnalytics>(`${roomPath(roomId)}/live`, keyHeaders(credential.hostKey)),
  all: (request: Requester) => request<AnalyticsReport>('/api/admin/analytics'),
  exportAll: (download: Downloader, table: AnalyticsCsvTable): Promise<DownloadedFile> =>
    download(`/api/admin/analytics.csv?table=${table}`),
};
