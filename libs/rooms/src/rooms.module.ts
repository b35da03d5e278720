import { Module } from '@nestjs/common';
import { roomsDatabaseProviders } from './rooms.database';
import { RoomsController } from './rooms/rooms.controller';
import { RoomsRepository } from './rooms/rooms.repository';
import { RoomsService } from './rooms/rooms.service';
import { TranscriptController } from './transcript/transcript.controller';
import { TranscriptRepository } from './transcript/transcript.repository';
import { TranscriptService } from './transcript/transcript.service';

/** rooms-svc: rooms, host keys and the transcript. Needs BusModule and DatabaseUrlModule from the composition root. */
@Module({
  controllers: [RoomsController, TranscriptController],
  providers: [
    ...roomsDatabaseProviders,
    RoomsRepository,
    RoomsService,
    TranscriptRepository,
    TranscriptService,
  ],
})
export class RoomsModule {}
