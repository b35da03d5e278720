import { Controller } from '@nestjs/common';
import { ROOMS_SUBJECTS, type AppendTranscriptRequest, type ListTranscriptRequest } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { TranscriptService } from './transcript.service';

@Controller()
export class TranscriptController {
  constructor(private readonly transcript: TranscriptService) {}

  @OnRequest(ROOMS_SUBJECTS.appendTranscript)
  append(request: AppendTranscriptRequest) {
    return this.transcript.append(request);
  }

  @OnRequest(ROOMS_SUBJECTS.listTranscript)
  list(request: ListTranscriptRequest) {
    return this.transcript.list(request);
  }
}
