import { DynamicModule, Module } from '@nestjs/common';
import { ConfigError, deletedRoomsSweepProvider } from '@lt/platform';
import {
  analyticsRelayProviders,
  BusUsageMeter,
  METER_SETTINGS,
  UsageRoomsController,
  usageMeterProvider,
  usageOutboxProvider,
} from '@lt/usage';
import { checkTranslateEnv, TRANSLATE_ENV, type TranslateEnv } from './translate.env';
import { FallbackService } from './fallback/fallback.service';
import { RoomContext } from './translations/room-context';
import { GlossaryController } from './glossary/glossary.controller';
import { GlossaryService } from './glossary/glossary.service';
import { LlmLimiter } from './limits/llm-limiter';
import { FastCaptionsSettings } from './interim/fast-captions-settings';
import { InterimController } from './interim/interim.controller';
import { InterimTranslator } from './interim/interim-translator';
import { InterimUsageRepository } from './interim/interim-usage.repository';
import { TranslationCache } from './translations/translation-cache';
import { LlmClient } from './llm/llm.client';
import { QuestionTranslationsController } from './questions/question-translations.controller';
import { QuestionTranslationsRepository } from './questions/question-translations.repository';
import { QuestionTranslationsService } from './questions/question-translations.service';
import { PresenceController } from './presence/presence.controller';
import { PresenceRegistry } from './presence/presence.registry';
import { PurgedRooms } from './room-purge/purged-rooms';
import { RoomExportController } from './room-export/room-export.controller';
import { RoomExportRepository } from './room-export/room-export.repository';
import { RoomDataRepository } from './room-purge/room-data.repository';
import { RoomPurgeController } from './room-purge/room-purge.controller';
import { RoomPurge } from './room-purge/room-purge.service';
import { SummariesController } from './summaries/summaries.controller';
import { SummariesRepository } from './summaries/summaries.repository';
import { SummariesService } from './summaries/summaries.service';
import { EnhancementsRepository } from './enhancements/enhancements.repository';
import { EnhancementsService } from './enhancements/enhancements.service';
import { translateDatabaseProviders, TRANSLATE_DATA_SOURCE, TRANSLATE_SCHEMA } from './translate.database';
import { TranslatedCountController } from './translations/translated-count.controller';
import { TranslatedCountRepository } from './translations/translated-count.repository';
import { RevisionsController } from './translations/revisions.controller';
import { RevisionsService } from './translations/revisions.service';
import { TranslationsController } from './translations/translations.controller';
import { TranslationsService } from './translations/translations.service';
import { TranslationsRepository } from './translations/translations.repository';

/** translate-svc: translations per language in demand, stored and published; summaries of what was said. */
@Module({})
export class TranslateModule {
  static forRoot(env: TranslateEnv): DynamicModule {
    try {
      checkTranslateEnv(env);
    } catch (error) {
      throw new ConfigError(`Invalid configuration:\n  ${(error as Error).message}`);
    }
    return {
      module: TranslateModule,
      controllers: [
        GlossaryController,
        TranslationsController,
        RevisionsController,
        PresenceController,
        RoomPurgeController,
        SummariesController,
        UsageRoomsController,
        TranslatedCountController,
        RoomExportController,
        InterimController,
        QuestionTranslationsController,
      ],
      providers: [
        { provide: TRANSLATE_ENV, useValue: env },
        ...translateDatabaseProviders,
        ...analyticsRelayProviders(env),
        BusUsageMeter,
        {
          provide: METER_SETTINGS,
          useValue: {
            endedAllowance: env.ENDED_ROOM_TOKEN_ALLOWANCE,
            spendingTtlMs: env.ROOM_SPENDING_TTL_MS,
            endTtlMs: env.ROOM_END_TTL_MS,
          },
        },
        usageMeterProvider,
        usageOutboxProvider(TRANSLATE_DATA_SOURCE, TRANSLATE_SCHEMA),
        LlmClient,
        PresenceRegistry,
        TranslationsRepository,
        TranslationsService,
        RevisionsService,
        FallbackService,
        RoomContext,
        GlossaryService,
        LlmLimiter,
        TranslationCache,
        PurgedRooms,
        deletedRoomsSweepProvider(TRANSLATE_DATA_SOURCE, TRANSLATE_SCHEMA),
        RoomDataRepository,
        RoomPurge,
        SummariesRepository,
        SummariesService,
        EnhancementsRepository,
        EnhancementsService,
        TranslatedCountRepository,
        RoomExportRepository,
        FastCaptionsSettings,
        InterimTranslator,
        InterimUsageRepository,
        QuestionTranslationsRepository,
        QuestionTranslationsService,
      ],
    };
  }
}
