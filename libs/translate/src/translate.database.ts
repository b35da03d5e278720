import { serviceDatabaseProviders } from '@lt/platform';
import { CreateTranslations1763800100000 } from './database/migrations/1763800100000-CreateTranslations';
import { CreateSummaries1764000100000 } from './database/migrations/1764000100000-CreateSummaries';
import { CreateEnhancements1764000400000 } from './database/migrations/1764000400000-CreateEnhancements';
import { CreateLlmLimits1764100000000 } from './database/migrations/1764100000000-CreateLlmLimits';
import { AddTranslationRevisions1764200000000 } from './database/migrations/1764200000000-AddTranslationRevisions';
import { CreateUsageOutbox1764300000000 } from './database/migrations/1764300000000-CreateUsageOutbox';
import { CreateInterimUsage1764400000001 } from './database/migrations/1764400000001-CreateInterimUsage';
import { CreateQuestionTranslations1764700100000 } from './database/migrations/1764700100000-CreateQuestionTranslations';
import { CreatePurgedRooms1765300000000 } from './database/migrations/1765300000000-CreatePurgedRooms';
import { CreateDeletedRooms1765400000000 } from './database/migrations/1765400000000-CreateDeletedRooms';
import { EnhancementEntity } from './enhancements/enhancement.entity';
import { SummaryEntity } from './summaries/summary.entity';
import { TranslationEntity } from './translations/translation.entity';

export const TRANSLATE_DATA_SOURCE = Symbol('TRANSLATE_DATA_SOURCE');
export const TRANSLATE_SCHEMA = 'translate';
export const TRANSLATE_MIGRATIONS = [
  CreateTranslations1763800100000,
  CreateSummaries1764000100000,
  CreateEnhancements1764000400000,
  CreateLlmLimits1764100000000,
  AddTranslationRevisions1764200000000,
  CreateUsageOutbox1764300000000,
  CreateInterimUsage1764400000001,
  CreateQuestionTranslations1764700100000,
  CreatePurgedRooms1765300000000,
  CreateDeletedRooms1765400000000,
];

export const translateDatabaseProviders = serviceDatabaseProviders(TRANSLATE_DATA_SOURCE, {
  schema: TRANSLATE_SCHEMA,
  entities: [TranslationEntity, SummaryEntity, EnhancementEntity],
  migrations: TRANSLATE_MIGRATIONS,
});
