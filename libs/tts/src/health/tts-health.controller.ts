import { Controller } from '@nestjs/common';
import { TTS_SUBJECTS, type ServiceHealth } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { TtsService } from '../tts/tts.service';

/** tts-svc is up when it answers and reaches its database, which keeps the audio made. */
@Controller()
export class TtsHealthController {
  constructor(private readonly tts: TtsService) {}

  @OnRequest(TTS_SUBJECTS.health)
  health(): Promise<ServiceHealth> {
    return this.tts.health();
  }
}
