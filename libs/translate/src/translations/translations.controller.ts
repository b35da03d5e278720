import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ROOMS_SUBJECTS, TRANSLATE_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnEvent, OnRequest } from '@lt/platform';
import { TranslationsService } from './translations.service';

@Controller()
export class TranslationsController {
  constructor(private readonly translations: TranslationsService) {}

  /** Every room's stored transcripts, each to one replica of translate-svc. */
  @OnEvent(ROOMS_SUBJECTS.transcriptStored, { queue: 'translate' })
  onTranscriptStored(@Payload() transcript: BusPayload<typeof ROOMS_SUBJECTS.transcriptStored>) {
    return this.translations.onTranscriptStored(transcript);
  }

  @OnRequest(TRANSLATE_SUBJECTS.history)
  history(@Payload() request: BusPayload<typeof TRANSLATE_SUBJECTS.history>) {
    return this.translations.history(request);
  }

  @OnRequest(TRANSLATE_SUBJECTS.message)
  message(@Payload() request: BusPayload<typeof TRANSLATE_SUBJECTS.message>) {
    return this.translations.message(request);
  }

  @OnRequest(TRANSLATE_SUBJECTS.status)
  status() {
    return this.translations.providerStatus();
  }
}
