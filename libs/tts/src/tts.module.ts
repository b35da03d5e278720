import { Controller, Module } from '@nestjs/common';
import { TTS_SUBJECTS } from '@lt/contracts';
import { OnRequest } from '@lt/platform';

@Controller()
export class TtsController {
  /** No synthesis provider yet: viewers use the browser's speechSynthesis. */
  @OnRequest(TTS_SUBJECTS.status)
  status() {
    return { providerConfigured: false };
  }
}

/** tts-svc: speech synthesis per (message, language); holds nothing durable. */
@Module({ controllers: [TtsController] })
export class TtsModule {}
