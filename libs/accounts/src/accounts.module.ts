import { DynamicModule, Module } from '@nestjs/common';
import { deletedRoomsSweepProvider } from '@lt/platform';
import type { AccountsEnv } from './accounts.env';
import { ACCOUNTS_ENV } from './accounts.config';
import { ACCOUNTS_DATA_SOURCE, ACCOUNTS_SCHEMA, accountsDatabaseProviders } from './accounts.database';
import { AdminUsersService } from './admin/admin-users.service';
import { AdminController } from './admin/admin.controller';
import { AccountsService } from './auth/accounts.service';
import { AuthController } from './auth/auth.controller';
import { InvitationsController } from './invitations/invitations.controller';
import { InvitationsService } from './invitations/invitations.service';
import { ProfilesController } from './profiles/profiles.controller';
import { LinksController } from './recovery/links.controller';
import { KeysController } from './sessions/keys.controller';
import { UsersController } from './users/users.controller';
import { AuthService } from './auth/auth.service';
import { SignInThrottle } from './auth/sign-in-throttle';
import { ProfilesRepository } from './profiles/profiles.repository';
import { ProfilesService } from './profiles/profiles.service';
import { LinksService } from './recovery/links.service';
import { Mailer } from './recovery/mailer';
import { VerificationsRepository } from './recovery/verifications.repository';
import { SessionsRepository } from './sessions/sessions.repository';
import { SessionsService } from './sessions/sessions.service';
import { TokenSigner } from './sessions/token-signer';
import { IdTokenVerifier } from './social/id-token.verifier';
import { UsersRepository } from './users/users.repository';
import { UsageController } from './usage/usage.controller';
import { UsageRepository } from './usage/usage.repository';
import { UsageService } from './usage/usage.service';

/** accounts-svc: users, sessions and tokens, recovery, social sign-in, profiles, plans and the token ledger. */
@Module({})
export class AccountsModule {
  static forRoot(env: AccountsEnv): DynamicModule {
    return {
      module: AccountsModule,
      controllers: [
        AuthController,
        UsersController,
        ProfilesController,
        LinksController,
        KeysController,
        AdminController,
        InvitationsController,
        UsageController,
      ],
      providers: [
        { provide: ACCOUNTS_ENV, useValue: env },
        ...accountsDatabaseProviders,
        deletedRoomsSweepProvider(ACCOUNTS_DATA_SOURCE, ACCOUNTS_SCHEMA),
        UsersRepository,
        SessionsRepository,
        VerificationsRepository,
        ProfilesRepository,
        TokenSigner,
        ProfilesService,
        SessionsService,
        Mailer,
        LinksService,
        InvitationsService,
        IdTokenVerifier,
        SignInThrottle,
        AuthService,
        AccountsService,
        AdminUsersService,
        UsageRepository,
        UsageService,
      ],
    };
  }
}
