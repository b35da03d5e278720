import './instrument';
import 'reflect-metadata';
import { runService } from '@lt/platform';
import { TranslateModule, translateEnvSchema } from '@lt/translate';

runService({
  name: 'translate-svc',
  healthPort: 8083,
  needsDatabase: true,
  env: translateEnvSchema.shape,
  imports: (env) => [TranslateModule.forRoot(env)],
});
