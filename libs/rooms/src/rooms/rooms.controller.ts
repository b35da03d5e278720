import { Controller } from '@nestjs/common';
import {
  ROOMS_SUBJECTS,
  type AuthorizeHostRequest,
  type CreateRoomRequest,
  type GetRoomRequest,
  type SetStatusRequest,
} from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { RoomsService } from './rooms.service';

@Controller()
export class RoomsController {
  constructor(private readonly rooms: RoomsService) {}

  @OnRequest(ROOMS_SUBJECTS.createRoom)
  create(request: CreateRoomRequest) {
    return this.rooms.create(request);
  }

  @OnRequest(ROOMS_SUBJECTS.getRoom)
  get(request: GetRoomRequest) {
    return this.rooms.get(request.roomId);
  }

  @OnRequest(ROOMS_SUBJECTS.authorizeHost)
  authorizeHost(request: AuthorizeHostRequest) {
    return this.rooms.authorizeHost(request.roomId, request.hostKey);
  }

  @OnRequest(ROOMS_SUBJECTS.setStatus)
  setStatus(request: SetStatusRequest) {
    return this.rooms.setStatus(request.roomId, request.status, request.sourceLanguage);
  }
}
