import type { AdminRoomList, AdminStats, AdminUpdateUserBody, AdminUser, AdminUserList, SystemHealth } from '@lt/contracts';
import type { Requester } from '../../rooms/api/rooms.api';

const userPath = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}`;

/** The admin panel's calls; the server checks the admin role on each one. */
export const adminApi = {
  users: (request: Requester) => request<AdminUserList>('/api/admin/users'),
  updateUser: (userId: string, body: AdminUpdateUserBody, request: Requester) =>
    request<AdminUser>(userPath(userId), { method: 'PATCH', body: JSON.stringify(body) }),
  resetTokens: (userId: string, request: Requester) => request<AdminUser>(`${userPath(userId)}/reset-tokens`, { method: 'POST' }),
  rooms: (request: Requester) => request<AdminRoomList>('/api/admin/rooms'),
  deleteRoom: (roomId: string, request: Requester) => request<void>(`/api/admin/rooms/${encodeURIComponent(roomId)}`, { method: 'DELETE' }),
  stats: (request: Requester) => request<AdminStats>('/api/admin/stats'),
  health: (request: Requester) => request<SystemHealth>('/api/admin/health'),
};
