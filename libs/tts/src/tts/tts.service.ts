import { Injectable } from '@nestjs/common';
import type { ServiceHealth, TtsStatusResponse } from '@lt/contracts';
import { AudioRepository } from '../audio/audio.repository';
import { SpeechService } from '../audio/speech.service';

@Injectable()
export class TtsService {
  constructor(
    private readonly speech: SpeechService,
    private readonly audio: AudioRepository,
  ) {}

  health(): Promise<ServiceHealth> {
    return this.audio.health();
  }

  /** Whether messages can be heard from the server; without a provider viewers use the browser's speechSynthesis. */
  status(): TtsStatusResponse {
    return { providerConfigured: this.speech.configured };
  }
}
