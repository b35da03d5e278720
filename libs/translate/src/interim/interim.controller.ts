import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { FAST_CAPTIONS_SUBJECTS, LIVE_SUBJECTS, ROOMS_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnEvent, OnRequest } from '@lt/platform';
import { FastCaptionsSettings } from './fast-captions-settings';
import { InterimTranslator } from './interim-translator';

@Controller()
export class InterimController {
  constructor(
    private readonly interim: InterimTranslator,
    private readonly settings: FastCaptionsSettings,
  ) {}

  /** Every room's interim lines, each to one replica of translate-svc. */
  @OnEvent(LIVE_SUBJECTS.interim, { queue: 'translate' })
  onInterim(@Payload() event: BusPayload<typeof LIVE_SUBJECTS.interim>) {
    return this.interim.onInterim(event);
  }

  /** Every replica follows each room's setting (no queue). */
  @OnEvent(FAST_CAPTIONS_SUBJECTS.settings)
  onSettings(@Payload() event: BusPayload<typeof FAST_CAPTIONS_SUBJECTS.settings>) {
    this.settings.set(event.roomId, event.fastCaptions);
  }

  /** Every replica hears a room start or end (no queue): whether its interim lines are translated is asked again. */
  @OnEvent(ROOMS_SUBJECTS.statusChanged)
  onStatus(@Payload() event: BusPayload<typeof ROOMS_SUBJECTS.statusChanged>) {
    this.settings.forget([event.roomId]);
  }

  @OnEvent(ROOMS_SUBJECTS.roomsDeleted)
  roomsDeleted(@Payload() event: BusPayload<typeof ROOMS_SUBJECTS.roomsDeleted>) {
    this.interim.forget(event.roomIds);
  }

  @OnRequest(FAST_CAPTIONS_SUBJECTS.usageOf)
  usage(@Payload() request: BusPayload<typeof FAST_CAPTIONS_SUBJECTS.usageOf>) {
    return this.interim.usageOf(request.roomId);
  }
}
