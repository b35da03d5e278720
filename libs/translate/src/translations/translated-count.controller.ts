import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { TRANSLATE_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { TranslatedCountRepository } from './translated-count.repository';

@Controller()
export class TranslatedCountController {
  constructor(private readonly counts: TranslatedCountRepository) {}

  @OnRequest(TRANSLATE_SUBJECTS.translatedCount)
  translatedCount(@Payload() request: BusPayload<typeof TRANSLATE_SUBJECTS.translatedCount>) {
    return this.counts.translatedMessages(request.roomId);
  }
}
