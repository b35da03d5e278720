export * from './rooms.module';
export * from './rooms/rooms.exception';
export { ROOMS_MIGRATIONS, ROOMS_SCHEMA } from './rooms.database';
export { roomsEnvSchema, type RoomsEnv } from './rooms.env';
export { RetentionJob } from './rooms/retention.job';
