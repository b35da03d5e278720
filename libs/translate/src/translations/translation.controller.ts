import { Controller } from '@nestjs/common';
import { ROOMS_SUBJECTS, TRANSLATE_SUBJECTS, type StoredTranscript, type TranslationHistoryRequest } from '@lt/contracts';
import { OnEvent, OnRequest } from '@lt/platform';
import { TranslationService } from './translation.service';

@Controller()
export class TranslationController {
  constructor(private readonly translations: TranslationService) {}

  @OnEvent(ROOMS_SUBJECTS.transcriptStored, { queue: 'translate' })
  onTranscriptStored(transcript: StoredTranscript) {
    return this.translations.onTranscriptStored(transcript);
  }

  @OnRequest(TRANSLATE_SUBJECTS.history)
  history(request: TranslationHistoryRequest) {
    return this.translations.history(request);
  }

  @OnRequest(TRANSLATE_SUBJECTS.status)
  status() {
    return this.translations.providerStatus();
  }
}
