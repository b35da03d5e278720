import './instrument';
import 'reflect-metadata';
import { runService } from '@lt/platform';
import { AsrModule, asrEnvSchema } from '@lt/asr';

runService({
  name: 'asr-svc',
  healthPort: 8085,
  needsDatabase: true,
  env: asrEnvSchema.shape,
  imports: (env) => [AsrModule.forRoot(env)],
});
