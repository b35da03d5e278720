import { Injectable } from '@nestjs/common';
import type { TtsStatusResponse } from '@lt/contracts';

@Injectable()
export class TtsService {
  /** No synthesis provider yet: viewers use the browser's speechSynthesis. */
  status(): TtsStatusResponse {
    return { providerConfigured: false };
  }
}
