import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ROOMS_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnEvent } from '@lt/platform';
import { BusUsageMeter } from './bus-usage-meter';

/**
 * The usage meter of a service forgets a room when it ends or is deleted, and asks again whether a room that
 * started has ended (the meter trusts what it saw of a room that has not ended for a minute: these events tell it
 * sooner). Every replica (no queue): each keeps its own. A service that meters its calls lists this controller
 * beside the meter.
 */
@Controller()
export class UsageRoomsController {
  constructor(private readonly meter: BusUsageMeter) {}

  @OnEvent(ROOMS_SUBJECTS.statusChanged)
  statusChanged(@Payload() event: BusPayload<typeof ROOMS_SUBJECTS.statusChanged>) {
    if (event.status === 'ended') this.meter.forget([event.roomId]);
    else this.meter.forgetEnd(event.roomId);
  }

  @OnEvent(ROOMS_SUBJECTS.roomsDeleted)
  roomsDeleted(@Payload() event: BusPayload<typeof ROOMS_SUBJECTS.roomsDeleted>) {
    this.meter.forget(event.roomIds);
  }
}
