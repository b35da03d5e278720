import './instrument';
import 'reflect-metadata';
import { runService } from '@lt/platform';
import { TtsModule, ttsEnvSchema } from '@lt/tts';

runService({
  name: 'tts-svc',
  healthPort: 8084,
  needsDatabase: true,
  env: ttsEnvSchema.shape,
  imports: (env) => [TtsModule.forRoot(env)],
});
