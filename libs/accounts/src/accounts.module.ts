import { Module } from '@nestjs/common';
import { serviceDatabaseProviders } from '@lt/platform';
import { CreateProfiles1763800200000 } from './database/migrations/1763800200000-CreateProfiles';

export const ACCOUNTS_DATA_SOURCE = Symbol('ACCOUNTS_DATA_SOURCE');
export const ACCOUNTS_MIGRATIONS = [CreateProfiles1763800200000];

/** accounts-svc: for now it owns its schema and runs its migrations; sign-in and profiles build on it. */
@Module({
  providers: [...serviceDatabaseProviders(ACCOUNTS_DATA_SOURCE, { schema: 'accounts', entities: [], migrations: ACCOUNTS_MIGRATIONS })],
})
export class AccountsModule {}
