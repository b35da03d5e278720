/** Every TanStack Query key of the app, so invalidations and mutations name the same data. */
export const queryKeys = {
  rooms: {
    all: ['rooms'] as const,
    create: () => [...queryKeys.rooms.all, 'create'] as const,
  },
} as const;
