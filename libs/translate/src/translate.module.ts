import { DynamicModule, Module } from '@nestjs/common';
import type { TranslateEnv } from './translate.env';
import { LlmClient, TRANSLATE_ENV } from './llm/llm.client';
import { PresenceController } from './presence/presence.controller';
import { PresenceRegistry } from './presence/presence.registry';
import { translateDatabaseProviders } from './translate.database';
import { TranslationController } from './translations/translation.controller';
import { TranslationService } from './translations/translation.service';
import { TranslationsRepository } from './translations/translations.repository';

/** translate-svc: translations per language in demand, stored and published. */
@Module({})
export class TranslateModule {
  static forRoot(env: TranslateEnv): DynamicModule {
    return {
      module: TranslateModule,
      controllers: [TranslationController, PresenceController],
      providers: [
        { provide: TRANSLATE_ENV, useValue: env },
        ...translateDatabaseProviders,
        LlmClient,
        PresenceRegistry,
        TranslationsRepository,
        TranslationService,
      ],
    };
  }
}
