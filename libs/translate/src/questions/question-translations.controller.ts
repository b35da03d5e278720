import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { QUESTIONS_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnEvent, OnRequest } from '@lt/platform';
import { QuestionTranslationsService } from './question-translations.service';

@Controller()
export class QuestionTranslationsController {
  constructor(private readonly questions: QuestionTranslationsService) {}

  /** Every room's new questions, each to one replica of translate-svc. */
  @OnEvent(QUESTIONS_SUBJECTS.asked, { queue: 'translate' })
  onAsked(@Payload() question: BusPayload<typeof QUESTIONS_SUBJECTS.asked>) {
    return this.questions.onAsked(question);
  }

  @OnRequest(QUESTIONS_SUBJECTS.texts)
  texts(@Payload() request: BusPayload<typeof QUESTIONS_SUBJECTS.texts>) {
    return this.questions.texts(request.roomId, request.to, request.questions, request.forOwner);
  }
}
