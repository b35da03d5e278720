import { Module } from '@nestjs/common';
import { TtsHealthController } from './health/tts-health.controller';
import { TtsController } from './tts/tts.controller';
import { TtsService } from './tts/tts.service';

/** tts-svc: speech synthesis per (message, language); holds nothing durable. */
@Module({ controllers: [TtsController, TtsHealthController], providers: [TtsService] })
export class TtsModule {}
