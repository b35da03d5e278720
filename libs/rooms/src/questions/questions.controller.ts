import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { QUESTIONS_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { QuestionsService } from './questions.service';

type Of<K extends keyof typeof QUESTIONS_SUBJECTS> = BusPayload<(typeof QUESTIONS_SUBJECTS)[K]>;

@Controller()
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @OnRequest(QUESTIONS_SUBJECTS.ask)
  ask(@Payload() r: Of<'ask'>) {
    return this.questions.ask(r);
  }

  @OnRequest(QUESTIONS_SUBJECTS.list)
  list(@Payload() r: Of<'list'>) {
    return this.questions.list(r.roomId, r.clientId, r.afterId);
  }

  @OnRequest(QUESTIONS_SUBJECTS.vote)
  vote(@Payload() r: Of<'vote'>) {
    return this.questions.vote(r.roomId, r.questionId, r.clientId);
  }

  @OnRequest(QUESTIONS_SUBJECTS.moderate)
  moderate(@Payload() r: Of<'moderate'>) {
    return this.questions.moderate(r.roomId, r.questionId, r.access, r.status);
  }

  @OnRequest(QUESTIONS_SUBJECTS.settings)
  settings(@Payload() r: Of<'settings'>) {
    return this.questions.setEnabled(r.roomId, r.access, r.enabled);
  }

  @OnRequest(QUESTIONS_SUBJECTS.forExport)
  forExport(@Payload() r: Of<'forExport'>) {
    return this.questions.forExport(r.roomId, r.afterId);
  }
}
