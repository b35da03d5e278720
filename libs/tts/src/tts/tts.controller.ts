import { Controller } from '@nestjs/common';
import { TTS_SUBJECTS } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { TtsService } from './tts.service';

@Controller()
export class TtsController {
  constructor(private readonly tts: TtsService) {}

  @OnRequest(TTS_SUBJECTS.status)
  status() {
    return this.tts.status();
  }
}
