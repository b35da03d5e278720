import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { TRANSLATE_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { RoomExportRepository } from './room-export.repository';

/** The owner's archive reads a room's stored translations and summaries here, a page at a time. */
@Controller()
export class RoomExportController {
  constructor(private readonly rooms: RoomExportRepository) {}

  @OnRequest(TRANSLATE_SUBJECTS.exportTranslations)
  translations(@Payload() request: BusPayload<typeof TRANSLATE_SUBJECTS.exportTranslations>) {
    return this.rooms.translations(request);
  }

  @OnRequest(TRANSLATE_SUBJECTS.exportSummaries)
  summaries(@Payload() request: BusPayload<typeof TRANSLATE_SUBJECTS.exportSummaries>) {
    return this.rooms.summaries(request.roomId, request.offset);
  }
}
