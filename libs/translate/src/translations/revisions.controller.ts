import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { REVISION_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { RevisionsService } from './revisions.service';

@Controller()
export class RevisionsController {
  constructor(private readonly revisions: RevisionsService) {}

  @OnRequest(REVISION_SUBJECTS.revise)
  revise(@Payload() request: BusPayload<typeof REVISION_SUBJECTS.revise>) {
    return this.revisions.revise(request);
  }

  @OnRequest(REVISION_SUBJECTS.list)
  list(@Payload() request: BusPayload<typeof REVISION_SUBJECTS.list>) {
    return this.revisions.list(request);
  }
}
