/** Every TanStack Query key of the app, so invalidations and mutations name the same data. */
export const queryKeys = {
  config: ['config'] as const,
  rooms: {
    all: ['rooms'] as const,
    create: () => [...queryKeys.rooms.all, 'create'] as const,
  },
  auth: {
    all: ['auth'] as const,
    submit: () => [...queryKeys.auth.all, 'submit'] as const,
    social: () => [...queryKeys.auth.all, 'social'] as const,
    updatePassword: () => [...queryKeys.auth.all, 'update-password'] as const,
  },
} as const;
