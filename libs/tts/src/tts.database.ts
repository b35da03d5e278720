import { serviceDatabaseProviders } from '@lt/platform';
import { AudioEntity } from './audio/audio.entity';
import { CreateAudio1764000000000 } from './database/migrations/1764000000000-CreateAudio';
import { CreateUsageOutbox1764200000000 } from './database/migrations/1764200000000-CreateUsageOutbox';
import { CreatePurgedRooms1765300000000 } from './database/migrations/1765300000000-CreatePurgedRooms';
import { CreateDeletedRooms1765400000000 } from './database/migrations/1765400000000-CreateDeletedRooms';

export const TTS_DATA_SOURCE = Symbol('TTS_DATA_SOURCE');
export const TTS_SCHEMA = 'tts';
export const TTS_MIGRATIONS = [
  CreateAudio1764000000000,
  CreateUsageOutbox1764200000000,
  CreatePurgedRooms1765300000000,
  CreateDeletedRooms1765400000000,
];

export const ttsDatabaseProviders = serviceDatabaseProviders(TTS_DATA_SOURCE, {
  schema: TTS_SCHEMA,
  entities: [AudioEntity],
  migrations: TTS_MIGRATIONS,
  poolSize: 5,
});
