import { DynamicModule, Module } from '@nestjs/common';
import type { TranslateEnv } from './translate.env';
import { LlmClient, TRANSLATE_ENV } from './llm/llm.client';
import { PresenceController } from './presence/presence.controller';
import { PresenceRegistry } from './presence/presence.registry';
import { PurgedRooms } from './room-purge/purged-rooms';
import { RoomDataRepository } from './room-purge/room-data.repository';
import { RoomPurgeController } from './room-purge/room-purge.controller';
import { RoomPurge } from './room-purge/room-purge.service';
import { translateDatabaseProviders } from './translate.database';
import { TranslationsController } from './translations/translations.controller';
import { TranslationsService } from './translations/translations.service';
import { TranslationsRepository } from './translations/translations.repository';

/** translate-svc: translations per language in demand, stored and published. */
@Module({})
export class TranslateModule {
  static forRoot(env: TranslateEnv): DynamicModule {
    return {
      module: TranslateModule,
      controllers: [TranslationsController, PresenceController, RoomPurgeController],
      providers: [
        { provide: TRANSLATE_ENV, useValue: env },
        ...translateDatabaseProviders,
        LlmClient,
        PresenceRegistry,
        TranslationsRepository,
        TranslationsService,
        PurgedRooms,
        RoomDataRepository,
        RoomPurge,
      ],
    };
  }
}
