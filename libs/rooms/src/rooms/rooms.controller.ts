import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { FAST_CAPTIONS_SUBJECTS, ROOMS_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { RoomsService } from './rooms.service';

@Controller()
export class RoomsController {
  constructor(private readonly rooms: RoomsService) {}

  @OnRequest(ROOMS_SUBJECTS.createRoom)
  create(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.createRoom>) {
    return this.rooms.create(request);
  }

  @OnRequest(ROOMS_SUBJECTS.getRoom)
  get(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.getRoom>) {
    return this.rooms.get(request.roomId);
  }

  @OnRequest(ROOMS_SUBJECTS.authorizeHost)
  authorizeHost(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.authorizeHost>) {
    return this.rooms.authorizeHost(request);
  }

  @OnRequest(ROOMS_SUBJECTS.claim)
  claim(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.claim>) {
    return this.rooms.claim(request.roomId, request.userId, request.hostKey);
  }

  @OnRequest(FAST_CAPTIONS_SUBJECTS.setSettings)
  setSettings(@Payload() request: BusPayload<typeof FAST_CAPTIONS_SUBJECTS.setSettings>) {
    return this.rooms.setFastCaptions(request.roomId, request.fastCaptions);
  }

  @OnRequest(ROOMS_SUBJECTS.setStatus)
  setStatus(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.setStatus>) {
    return this.rooms.setStatus(request.roomId, request.status, request.sourceLanguage);
  }
}
