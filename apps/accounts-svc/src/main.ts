import 'reflect-metadata';
import { AccountsModule } from '@lt/accounts';
import { runService } from '@lt/platform';

runService({ name: 'accounts-svc', healthPort: 8081, needsDatabase: true, imports: () => [AccountsModule] });
