import { serviceDatabaseProviders } from '@lt/platform';
import { CreateRooms1763800000000 } from './database/migrations/1763800000000-CreateRooms';
import { AddRoomDuration1763800500000 } from './database/migrations/1763800500000-AddRoomDuration';
import { CreateRoomSpeakers1764000200000 } from './database/migrations/1764000200000-CreateRoomSpeakers';
import { CreateRoomGlossaries1764100000000 } from './database/migrations/1764100000000-CreateRoomGlossaries';
import { AddRoomViewerDownloads1764200000000 } from './database/migrations/1764200000000-AddRoomViewerDownloads';
import { AddRoomFastCaptions1764400000000 } from './database/migrations/1764400000000-AddRoomFastCaptions';
import { CreateRoomAnalytics1764600000000 } from './database/migrations/1764600000000-CreateRoomAnalytics';
import { CreateQuestions1764700000000 } from './database/migrations/1764700000000-CreateQuestions';
import { AddRoomRetention1764800000000 } from './database/migrations/1764800000000-AddRoomRetention';
import { CreateRoomIngestKeys1764910000000 } from './database/migrations/1764910000000-CreateRoomIngestKeys';
import { AddRoomEndedAllowance1765300000001 } from './database/migrations/1765300000001-AddRoomEndedAllowance';
import { KeyQuestionViewerIds1765300000002 } from './database/migrations/1765300000002-KeyQuestionViewerIds';
import { AppendMessageFunction1765600000000 } from './database/migrations/1765600000000-AppendMessageFunction';
import { GlossaryEntity } from './glossary/glossary.entity';
import { IngestKeyEntity } from './ingest/ingest-key.entity';
import { RoomEntity, RoomEvaluationEntity } from './rooms/room.entity';
import { SpeakerEntity } from './speakers/speaker.entity';
import { MessageLogEntity } from './transcript/message-log.entity';

export const ROOMS_DATA_SOURCE = Symbol('ROOMS_DATA_SOURCE');
export const ROOMS_SCHEMA = 'rooms';
export const ROOMS_MIGRATIONS = [
  CreateRooms1763800000000,
  AddRoomDuration1763800500000,
  CreateRoomSpeakers1764000200000,
  CreateRoomGlossaries1764100000000,
  AddRoomViewerDownloads1764200000000,
  AddRoomFastCaptions1764400000000,
  CreateRoomAnalytics1764600000000,
  CreateQuestions1764700000000,
  AddRoomRetention1764800000000,
  CreateRoomIngestKeys1764910000000,
  AddRoomEndedAllowance1765300000001,
  KeyQuestionViewerIds1765300000002,
  AppendMessageFunction1765600000000,
];

export const roomsDatabaseProviders = serviceDatabaseProviders(ROOMS_DATA_SOURCE, {
  schema: ROOMS_SCHEMA,
  entities: [RoomEntity, RoomEvaluationEntity, MessageLogEntity, SpeakerEntity, GlossaryEntity, IngestKeyEntity],
  migrations: ROOMS_MIGRATIONS,
});
