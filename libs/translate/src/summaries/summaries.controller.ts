import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { SUMMARY_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { SummariesService } from './summaries.service';

@Controller()
export class SummariesController {
  constructor(private readonly summaries: SummariesService) {}

  @OnRequest(SUMMARY_SUBJECTS.summarize)
  summarize(@Payload() request: BusPayload<typeof SUMMARY_SUBJECTS.summarize>) {
    return this.summaries.summarize(request);
  }
}
