import { DynamicModule, Module } from '@nestjs/common';
import { deletedRoomsSweepProvider } from '@lt/platform';
import { analyticsRelayProviders, BusUsageMeter, UsageRoomsController, usageMeterProvider, usageOutboxProvider } from '@lt/usage';
import { AudioRepository } from './audio/audio.repository';
import { SpeechController } from './audio/speech.controller';
import { SpeechService } from './audio/speech.service';
import { TtsHealthController } from './health/tts-health.controller';
import { GoogleTtsProvider } from './providers/google-tts.provider';
import { OpenAiTtsProvider } from './providers/openai-tts.provider';
import { SPEECH_PROVIDER, type SpeechProvider } from './providers/speech-provider';
import { ttsDatabaseProviders, TTS_DATA_SOURCE, TTS_SCHEMA } from './tts.database';
import type { TtsEnv } from './tts.env';
import { TtsController } from './tts/tts.controller';
import { TtsService } from './tts/tts.service';

/** The provider TTS_PROVIDER names, or none (viewers then use the browser's voice). */
export function speechProviderFrom(env: TtsEnv): SpeechProvider | null {
  switch (env.TTS_PROVIDER) {
    case 'google':
      if (!env.GOOGLE_TTS_API_KEY) throw new Error('Invalid configuration:\n  GOOGLE_TTS_API_KEY: required when TTS_PROVIDER is google');
      return new GoogleTtsProvider(env.GOOGLE_TTS_URL, env.GOOGLE_TTS_API_KEY);
    case 'openai':
      return new OpenAiTtsProvider({
        apiKey: env.OPENAI_API_KEY,
        baseUrl: env.OPENAI_BASE_URL,
        model: env.OPENAI_TTS_MODEL,
        voice: env.OPENAI_TTS_VOICE,
      });
    case 'none':
      return null;
  }
}

/** tts-svc: speech of each (message, language), made at most once and kept in its own schema. */
@Module({})
export class TtsModule {
  static forRoot(env: TtsEnv): DynamicModule {
    return {
      module: TtsModule,
      controllers: [TtsController, SpeechController, TtsHealthController, UsageRoomsController],
      providers: [
        { provide: SPEECH_PROVIDER, useFactory: () => speechProviderFrom(env) },
        ...ttsDatabaseProviders,
        ...analyticsRelayProviders(env),
        BusUsageMeter,
        usageMeterProvider,
        usageOutboxProvider(TTS_DATA_SOURCE, TTS_SCHEMA),
        deletedRoomsSweepProvider(TTS_DATA_SOURCE, TTS_SCHEMA),
        AudioRepository,
        SpeechService,
        TtsService,
      ],
    };
  }
}
