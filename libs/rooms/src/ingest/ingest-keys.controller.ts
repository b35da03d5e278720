import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INGEST_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { IngestKeysService } from './ingest-keys.service';

@Controller()
export class IngestKeysController {
  constructor(private readonly keys: IngestKeysService) {}

  @OnRequest(INGEST_SUBJECTS.read)
  read(@Payload() request: BusPayload<typeof INGEST_SUBJECTS.read>) {
    return this.keys.read(request.roomId, request.access);
  }

  @OnRequest(INGEST_SUBJECTS.rotate)
  rotate(@Payload() request: BusPayload<typeof INGEST_SUBJECTS.rotate>) {
    return this.keys.rotate(request.roomId, request.access);
  }

  @OnRequest(INGEST_SUBJECTS.resolve)
  resolve(@Payload() request: BusPayload<typeof INGEST_SUBJECTS.resolve>) {
    return this.keys.resolve(request.keyHash);
  }
}
