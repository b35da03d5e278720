import type { ListRoomsQuery } from '@lt/contracts';

/** What a room list asks for; the same filter is the same cached list. */
export type RoomListFilter = { status?: string; order: ListRoomsQuery['order']; limit?: number };

/** Every TanStack Query key of the app, so invalidations and mutations name the same data. */
export const queryKeys = {
  config: ['config'] as const,
  rooms: {
    all: ['rooms'] as const,
    create: () => [...queryKeys.rooms.all, 'create'] as const,
    lists: () => [...queryKeys.rooms.all, 'list'] as const,
    list: (filter: RoomListFilter) => [...queryKeys.rooms.lists(), filter] as const,
    detail: (roomId: string) => [...queryKeys.rooms.all, 'detail', roomId] as const,
    transcript: (roomId: string) => [...queryKeys.rooms.all, 'transcript', roomId] as const,
    claim: (roomId: string) => [...queryKeys.rooms.all, 'claim', roomId] as const,
  },
  view: {
    room: (roomId: string) => ['view', roomId] as const,
  },
  questions: {
    list: (roomId: string, lang: string) => ['questions', roomId, lang] as const,
  },
  speakers: {
    all: ['speakers'] as const,
    list: (roomId: string) => ['speakers', roomId] as const,
    verify: (roomId: string, token: string) => ['speakers', roomId, 'verify', token] as const,
  },
  admin: {
    all: ['admin'] as const,
    users: () => [...queryKeys.admin.all, 'users'] as const,
    rooms: () => [...queryKeys.admin.all, 'rooms'] as const,
    stats: () => [...queryKeys.admin.all, 'stats'] as const,
    health: () => [...queryKeys.admin.all, 'health'] as const,
  },
  analytics: {
    all: () => ['analytics', 'all'] as const,
    room: (roomId: string) => ['analytics', 'room', roomId] as const,
    live: (roomId: string) => ['analytics', 'live', roomId] as const,
  },
  auth: {
    all: ['auth'] as const,
    submit: () => [...queryKeys.auth.all, 'submit'] as const,
    social: () => [...queryKeys.auth.all, 'social'] as const,
    updatePassword: () => [...queryKeys.auth.all, 'update-password'] as const,
    updateUser: () => [...queryKeys.auth.all, 'update-user'] as const,
    deleteUser: () => [...queryKeys.auth.all, 'delete-user'] as const,
  },
} as const;
