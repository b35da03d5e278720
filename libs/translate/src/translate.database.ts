import { serviceDatabaseProviders } from '@lt/platform';
import { CreateTranslations1763800100000 } from './database/migrations/1763800100000-CreateTranslations';
import { TranslationEntity } from './translations/translation.entity';

export const TRANSLATE_DATA_SOURCE = Symbol('TRANSLATE_DATA_SOURCE');
export const TRANSLATE_SCHEMA = 'translate';
export const TRANSLATE_MIGRATIONS = [CreateTranslations1763800100000];

export const translateDatabaseProviders = serviceDatabaseProviders(TRANSLATE_DATA_SOURCE, {
  schema: TRANSLATE_SCHEMA,
  entities: [TranslationEntity],
  migrations: TRANSLATE_MIGRATIONS,
});
