import { DynamicModule, Module } from '@nestjs/common';
import { Bus } from '@lt/platform';
import { analyticsRelayProviders, BusUsageMeter, UsageRoomsController, usageMeterProvider, usageOutboxProvider } from '@lt/usage';
import { asrDatabaseProviders, ASR_DATA_SOURCE, ASR_SCHEMA } from './asr.database';
import type { AsrEnv } from './asr.env';
import { ASR_SETTINGS, asrSettingsOf } from './asr.settings';
import { FeedIngestController, FeedIngestService } from './ingest/feed-ingest.service';
import { RECOGNIZER } from './providers/recognizer';
import { recognizerFrom } from './providers/recognizer.factory';
import { AsrController } from './streams/asr.controller';
import { AudioStreams } from './streams/audio-streams';
import { LeaseRepository } from './streams/lease.repository';
import { PendingSentences } from './streams/pending-sentences';

/** asr-svc: speech recognised on the server, one provider session per audio stream, held by one replica. */
@Module({})
export class AsrModule {
  static forRoot(env: AsrEnv): DynamicModule {
    return {
      module: AsrModule,
      controllers: [AsrController, FeedIngestController, UsageRoomsController],
      providers: [
        { provide: RECOGNIZER, useFactory: () => recognizerFrom(env) },
        { provide: ASR_SETTINGS, useValue: asrSettingsOf(env) },
        ...asrDatabaseProviders,
        ...analyticsRelayProviders(env),
        BusUsageMeter,
        usageMeterProvider,
        usageOutboxProvider(ASR_DATA_SOURCE, ASR_SCHEMA),
        LeaseRepository,
        PendingSentences,
        AudioStreams,
        {
          provide: FeedIngestService,
          useFactory: (bus: Bus, streams: AudioStreams) => new FeedIngestService(bus, env, streams, streams.provider?.sampleRate ?? null),
          inject: [Bus, AudioStreams],
        },
      ],
      exports: [AudioStreams],
    };
  }
}
