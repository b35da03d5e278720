import { Controller } from '@nestjs/common';
import { TTS_SUBJECTS, type ServiceHealth } from '@lt/contracts';
import { OnRequest } from '@lt/platform';

/** tts-svc is up when it answers: nothing it needs to speak is kept in a database yet. */
@Controller()
export class TtsHealthController {
  @OnRequest(TTS_SUBJECTS.health)
  health(): ServiceHealth {
    return { status: 'up' };
  }
}
