import './instrument';
import 'reflect-metadata';
import { AccountsModule, accountsEnvSchema } from '@lt/accounts';
import { runService } from '@lt/platform';

runService({
  name: 'accounts-svc',
  healthPort: 8081,
  needsDatabase: true,
  env: accountsEnvSchema.shape,
  imports: (env) => [AccountsModule.forRoot(env)],
});
