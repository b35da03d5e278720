import { serviceDatabaseProviders } from '@lt/platform';
import { CreateStreams1765000000000 } from './database/migrations/1765000000000-CreateStreams';
import { CreatePendingSentences1765500000000 } from './database/migrations/1765500000000-CreatePendingSentences';

export const ASR_DATA_SOURCE = Symbol('ASR_DATA_SOURCE');
export const ASR_SCHEMA = 'asr';
export const ASR_MIGRATIONS = [CreateStreams1765000000000, CreatePendingSentences1765500000000];

export const asrDatabaseProviders = serviceDatabaseProviders(ASR_DATA_SOURCE, {
  schema: ASR_SCHEMA,
  entities: [],
  migrations: ASR_MIGRATIONS,
  poolSize: 5,
});
