import { Module } from '@nestjs/common';
import { TtsController } from './tts/tts.controller';
import { TtsService } from './tts/tts.service';

/** tts-svc: speech synthesis per (message, language); holds nothing durable. */
@Module({ controllers: [TtsController], providers: [TtsService] })
export class TtsModule {}
