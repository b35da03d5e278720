import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ROOMS_SUBJECTS, SPEECH_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnEvent, OnRequest } from '@lt/platform';
import { SpeechService } from './speech.service';

@Controller()
export class SpeechController {
  constructor(private readonly speech: SpeechService) {}

  @OnRequest(SPEECH_SUBJECTS.speak)
  speak(@Payload() request: BusPayload<typeof SPEECH_SUBJECTS.speak>) {
    return this.speech.speak(request);
  }

  @OnRequest(SPEECH_SUBJECTS.purgeRooms)
  purgeRooms(@Payload() request: BusPayload<typeof SPEECH_SUBJECTS.purgeRooms>) {
    return this.speech.purge(request);
  }

  /** Every replica (no queue): audio a replica was still making for those rooms is swept once more. */
  @OnEvent(ROOMS_SUBJECTS.roomsDeleted)
  async roomsDeleted(@Payload() event: BusPayload<typeof ROOMS_SUBJECTS.roomsDeleted>) {
    await this.speech.purge({ roomIds: event.roomIds });
  }

  /** Every replica (no queue): the same for rooms whose content went (their retention). */
  @OnEvent(ROOMS_SUBJECTS.roomsPurged)
  async roomsPurged(@Payload() event: BusPayload<typeof ROOMS_SUBJECTS.roomsPurged>) {
    await this.speech.purge(event);
  }
}
