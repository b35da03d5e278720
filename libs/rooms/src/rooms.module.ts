import { DynamicModule, Module } from '@nestjs/common';
import { AnalyticsController } from './analytics/analytics.controller';
import { AnalyticsRepository } from './analytics/analytics.repository';
import { AnalyticsService } from './analytics/analytics.service';
import { ViewerIds } from './analytics/viewer-ids';
import { GlossaryController } from './glossary/glossary.controller';
import { GlossaryRepository } from './glossary/glossary.repository';
import { GlossaryService } from './glossary/glossary.service';
import { IngestKeysController } from './ingest/ingest-keys.controller';
import { IngestKeysRepository } from './ingest/ingest-keys.repository';
import { IngestKeysService } from './ingest/ingest-keys.service';
import { QuestionsController } from './questions/questions.controller';
import { QuestionsRepository } from './questions/questions.repository';
import { QuestionsService } from './questions/questions.service';
import { roomsDatabaseProviders } from './rooms.database';
import { AdminRoomsController } from './rooms/admin-rooms.controller';
import { AdminRoomsService } from './rooms/admin-rooms.service';
import { HostPresenceController, HostPresenceRegistry } from './rooms/host-presence.registry';
import { OwnedRoomsController } from './rooms/owned-rooms.controller';
import { OwnedRoomsService } from './rooms/owned-rooms.service';
import { RoomAccess } from './rooms/room-access';
import { RoomDeletion } from './rooms/room-deletion.service';
import { RoomContentRepository } from './rooms/room-content.repository';
import { RoomRetention } from './rooms/room-retention.service';
import { RetentionController } from './rooms/retention.controller';
import { RetentionJob } from './rooms/retention.job';
import { ROOMS_ENV, type RoomsEnv } from './rooms.env';
import { RoomEvaluations } from './rooms/room-evaluations.service';
import { RoomsController } from './rooms/rooms.controller';
import { RoomsRepository } from './rooms/rooms.repository';
import { RoomsService } from './rooms/rooms.service';
import { SpeakersController } from './speakers/speakers.controller';
import { SpeakersRepository } from './speakers/speakers.repository';
import { SpeakersService } from './speakers/speakers.service';
import { TranscriptController } from './transcript/transcript.controller';
import { TranscriptRepository } from './transcript/transcript.repository';
import { PublicTranscriptService } from './transcript/public-transcript.service';
import { TranscriptService } from './transcript/transcript.service';

/**
 * rooms-svc: rooms, host keys, feed stream keys, co-host speakers, glossaries, the transcript and its retention, the rooms' analytics. Needs BusModule and
 * DatabaseUrlModule from the composition root; imported as it is, its settings are the defaults of `roomsEnvSchema`.
 */
@Module({
  controllers: [
    RoomsController,
    OwnedRoomsController,
    AdminRoomsController,
    HostPresenceController,
    TranscriptController,
    SpeakersController,
    GlossaryController,
    QuestionsController,
    AnalyticsController,
    IngestKeysController,
    RetentionController,
  ],
  providers: [
    ...roomsDatabaseProviders,
    RoomsRepository,
    RoomAccess,
    RoomEvaluations,
    RoomsService,
    RoomDeletion,
    RoomRetention,
    RoomContentRepository,
    RetentionJob,
    OwnedRoomsService,
    AdminRoomsService,
    HostPresenceRegistry,
    TranscriptRepository,
    TranscriptService,
    PublicTranscriptService,
    SpeakersRepository,
    SpeakersService,
    GlossaryRepository,
    GlossaryService,
    QuestionsRepository,
    QuestionsService,
    AnalyticsRepository,
    AnalyticsService,
    ViewerIds,
    IngestKeysRepository,
    IngestKeysService,
  ],
})
export class RoomsModule {
  static forRoot(env: RoomsEnv): DynamicModule {
    return { module: RoomsModule, providers: [{ provide: ROOMS_ENV, useValue: env }] };
  }
}
