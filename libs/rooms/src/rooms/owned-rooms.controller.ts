import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ROOMS_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { OwnedRoomsService } from './owned-rooms.service';

@Controller()
export class OwnedRoomsController {
  constructor(private readonly owned: OwnedRoomsService) {}

  @OnRequest(ROOMS_SUBJECTS.listOwned)
  list(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.listOwned>) {
    return this.owned.list(request);
  }

  @OnRequest(ROOMS_SUBJECTS.exportOwned)
  export(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.exportOwned>) {
    return this.owned.export(request.ownerId, request.offset, request.limit);
  }

  @OnRequest(ROOMS_SUBJECTS.getOwned)
  get(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.getOwned>) {
    return this.owned.get(request.roomId, request.ownerId);
  }

  @OnRequest(ROOMS_SUBJECTS.updateOwned)
  update(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.updateOwned>) {
    return this.owned.update(request.roomId, request.ownerId, request.changes);
  }

  @OnRequest(ROOMS_SUBJECTS.deleteOwned)
  delete(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.deleteOwned>) {
    return this.owned.delete(request.roomId, request.ownerId);
  }

  @OnRequest(ROOMS_SUBJECTS.duplicateOwned)
  duplicate(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.duplicateOwned>) {
    return this.owned.duplicate(request.roomId, request.ownerId, request.origin);
  }

  @OnRequest(ROOMS_SUBJECTS.setOwnedStatus)
  setStatus(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.setOwnedStatus>) {
    return this.owned.setStatus(request.roomId, request.ownerId, request.status);
  }

  @OnRequest(ROOMS_SUBJECTS.ownedTranscript)
  transcript(@Payload() request: BusPayload<typeof ROOMS_SUBJECTS.ownedTranscript>) {
    return this.owned.transcript(request.roomId, request.ownerId, request.after);
  }
}
