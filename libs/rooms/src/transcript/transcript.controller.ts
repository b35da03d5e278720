import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ROOMS_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { PublicTranscriptService } from './public-transcript.service';
import { TranscriptService } from './transcript.service';

@Controller()
export class TranscriptController {
  constructor(
    private readonly transcript: TranscriptService,
    private readonly publicTranscript: PublicTranscriptService,
  ) {}

  @OnRequest(ROOMS_SUBJECTS.appendTranscript)
  append(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.appendTranscript>) {
    return this.transcript.append(request);
  }

  @OnRequest(ROOMS_SUBJECTS.getTranscript)
  get(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.getTranscript>) {
    return this.transcript.get(request.roomId, request.messageId);
  }

  @OnRequest(ROOMS_SUBJECTS.publicTranscript)
  forViewers(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.publicTranscript>) {
    return this.publicTranscript.transcript(request);
  }

  @OnRequest(ROOMS_SUBJECTS.listTranscript)
  list(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.listTranscript>) {
    return this.transcript.list(request);
  }
}
