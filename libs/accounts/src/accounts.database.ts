import { serviceDatabaseProviders } from '@lt/platform';
import { CreateProfiles1763800200000 } from './database/migrations/1763800200000-CreateProfiles';
import { CreateAuth1763800300000 } from './database/migrations/1763800300000-CreateAuth';
import { ThrottleSignInsAndLogRevocations1763800400000 } from './database/migrations/1763800400000-ThrottleSignInsAndLogRevocations';
import { RoomBudgets1764000300000 } from './database/migrations/1764000300000-RoomBudgets';
import { ProfileLocale1764100000000 } from './database/migrations/1764100000000-ProfileLocale';
import { TokenReservations1764800000000 } from './database/migrations/1764800000000-TokenReservations';
import { CreateDeletedRooms1765400000000 } from './database/migrations/1765400000000-CreateDeletedRooms';
import { ProfileEntity, TokenUsageEntity } from './profiles/profile.entity';
import { VerificationTokenEntity } from './recovery/verification-token.entity';
import { RefreshTokenEntity, SessionEntity, SigningKeyEntity } from './sessions/session.entity';
import { IdentityEntity, UserEntity } from './users/user.entity';

export const ACCOUNTS_DATA_SOURCE = Symbol('ACCOUNTS_DATA_SOURCE');
export const ACCOUNTS_SCHEMA = 'accounts';
export const ACCOUNTS_MIGRATIONS = [
  CreateProfiles1763800200000,
  CreateAuth1763800300000,
  ThrottleSignInsAndLogRevocations1763800400000,
  RoomBudgets1764000300000,
  ProfileLocale1764100000000,
  TokenReservations1764800000000,
  CreateDeletedRooms1765400000000,
];

export const accountsDatabaseProviders = serviceDatabaseProviders(ACCOUNTS_DATA_SOURCE, {
  schema: ACCOUNTS_SCHEMA,
  entities: [
    UserEntity,
    IdentityEntity,
    SessionEntity,
    RefreshTokenEntity,
    SigningKeyEntity,
    VerificationTokenEntity,
    ProfileEntity,
    TokenUsageEntity,
  ],
  migrations: ACCOUNTS_MIGRATIONS,
});
