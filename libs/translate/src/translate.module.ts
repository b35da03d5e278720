import { DynamicModule, Module } from '@nestjs/common';
import { UsageMeter } from '@lt/platform';
import type { TranslateEnv } from './translate.env';
import { LlmClient, TRANSLATE_ENV } from './llm/llm.client';
import { PresenceController } from './presence/presence.controller';
import { PresenceRegistry } from './presence/presence.registry';
import { PurgedRooms } from './room-purge/purged-rooms';
import { RoomDataRepository } from './room-purge/room-data.repository';
import { RoomPurgeController } from './room-purge/room-purge.controller';
import { RoomPurge } from './room-purge/room-purge.service';
import { SummariesController } from './summaries/summaries.controller';
import { SummariesRepository } from './summaries/summaries.repository';
import { SummariesService } from './summaries/summaries.service';
import { EnhancementsRepository } from './enhancements/enhancements.repository';
import { EnhancementsService } from './enhancements/enhancements.service';
import { translateDatabaseProviders } from './translate.database';
import { TranslationsController } from './translations/translations.controller';
import { TranslationsService } from './translations/translations.service';
import { TranslationsRepository } from './translations/translations.repository';

/** translate-svc: translations per language in demand, stored and published; summaries of what was said. */
@Module({})
export class TranslateModule {
  static forRoot(env: TranslateEnv): DynamicModule {
    return {
      module: TranslateModule,
      controllers: [TranslationsController, PresenceController, RoomPurgeController, SummariesController],
      providers: [
        { provide: TRANSLATE_ENV, useValue: env },
        ...translateDatabaseProviders,
        UsageMeter,
        LlmClient,
        PresenceRegistry,
        TranslationsRepository,
        TranslationsService,
        PurgedRooms,
        RoomDataRepository,
        RoomPurge,
        SummariesRepository,
        SummariesService,
        EnhancementsRepository,
        EnhancementsService,
      ],
    };
  }
}
