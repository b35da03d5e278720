import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { AuthGuard } from '../../auth/auth.guard';
import { Caller } from '../../auth/caller.decorator';
import { AccountArchive } from './account-archive.service';

/** `GET /api/account/archive`: the signed-in caller's own data, never anyone else's (the caller is the token's). */
@Controller('api')
@UseGuards(AuthGuard)
export class AccountArchiveHttpController {
  constructor(private readonly archive: AccountArchive) {}

  @Get('account/archive')
  download(@Caller() caller: Caller, @Res() res: Response): Promise<void> {
    return this.archive.send({ userId: caller.userId, sessionId: caller.sessionId }, res);
  }
}
