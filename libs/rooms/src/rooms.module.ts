import { Module } from '@nestjs/common';
import { roomsDatabaseProviders } from './rooms.database';
import { AdminRoomsController } from './rooms/admin-rooms.controller';
import { AdminRoomsService } from './rooms/admin-rooms.service';
import { OwnedRoomsController } from './rooms/owned-rooms.controller';
import { OwnedRoomsService } from './rooms/owned-rooms.service';
import { RoomDeletion } from './rooms/room-deletion.service';
import { RoomsController } from './rooms/rooms.controller';
import { RoomsRepository } from './rooms/rooms.repository';
import { RoomsService } from './rooms/rooms.service';
import { SpeakersController } from './speakers/speakers.controller';
import { SpeakersRepository } from './speakers/speakers.repository';
import { SpeakersService } from './speakers/speakers.service';
import { TranscriptController } from './transcript/transcript.controller';
import { TranscriptRepository } from './transcript/transcript.repository';
import { TranscriptService } from './transcript/transcript.service';

/** rooms-svc: rooms, host keys, co-host speakers and the transcript. Needs BusModule and DatabaseUrlModule from the composition root. */
@Module({
  controllers: [RoomsController, OwnedRoomsController, AdminRoomsController, TranscriptController, SpeakersController],
  providers: [
    ...roomsDatabaseProviders,
    RoomsRepository,
    RoomsService,
    RoomDeletion,
    OwnedRoomsService,
    AdminRoomsService,
    TranscriptRepository,
    TranscriptService,
    SpeakersRepository,
    SpeakersService,
  ],
})
export class RoomsModule {}
