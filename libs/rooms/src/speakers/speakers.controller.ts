import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { SPEAKERS_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { SpeakersService } from './speakers.service';

@Controller()
export class SpeakersController {
  constructor(private readonly speakers: SpeakersService) {}

  @OnRequest(SPEAKERS_SUBJECTS.list)
  list(@Payload() request: BusPayload<typeof SPEAKERS_SUBJECTS.list>) {
    return this.speakers.list(request.roomId, request.ownerId);
  }

  @OnRequest(SPEAKERS_SUBJECTS.invite)
  invite(@Payload() request: BusPayload<typeof SPEAKERS_SUBJECTS.invite>) {
    return this.speakers.invite(request);
  }

  @OnRequest(SPEAKERS_SUBJECTS.remove)
  remove(@Payload() request: BusPayload<typeof SPEAKERS_SUBJECTS.remove>) {
    return this.speakers.remove(request.roomId, request.ownerId, request.speakerId);
  }

  @OnRequest(SPEAKERS_SUBJECTS.verify)
  verify(@Payload() request: BusPayload<typeof SPEAKERS_SUBJECTS.verify>) {
    return this.speakers.verify(request.roomId, request.token);
  }

  @OnRequest(SPEAKERS_SUBJECTS.join)
  join(@Payload() request: BusPayload<typeof SPEAKERS_SUBJECTS.join>) {
    return this.speakers.join(request.roomId, request.token, request.lang);
  }

  @OnRequest(SPEAKERS_SUBJECTS.leave)
  leave(@Payload() request: BusPayload<typeof SPEAKERS_SUBJECTS.leave>) {
    return this.speakers.leave(request);
  }

  @OnRequest(SPEAKERS_SUBJECTS.authorize)
  authorize(@Payload() request: BusPayload<typeof SPEAKERS_SUBJECTS.authorize>) {
    return this.speakers.authorize(request);
  }
}
