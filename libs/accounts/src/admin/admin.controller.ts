import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ACCOUNTS_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnRequest } from '@lt/platform';
import { AdminUsersService } from './admin-users.service';

@Controller()
export class AdminController {
  constructor(private readonly admin: AdminUsersService) {}

  @OnRequest(ACCOUNTS_SUBJECTS.callerRole)
  async callerRole(@Payload() request: BusPayload<typeof ACCOUNTS_SUBJECTS.callerRole>) {
    return { role: await this.admin.roleOf(request.caller) };
  }

  @OnRequest(ACCOUNTS_SUBJECTS.adminListUsers)
  list(@Payload() request: BusPayload<typeof ACCOUNTS_SUBJECTS.adminListUsers>) {
    return this.admin.list(request.caller);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.adminUpdateUser)
  update(@Payload() request: BusPayload<typeof ACCOUNTS_SUBJECTS.adminUpdateUser>) {
    return this.admin.update(request.caller, request.userId, request.body);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.adminResetTokens)
  resetTokens(@Payload() request: BusPayload<typeof ACCOUNTS_SUBJECTS.adminResetTokens>) {
    return this.admin.resetTokens(request.caller, request.userId);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.adminEmails)
  emails(@Payload() request: BusPayload<typeof ACCOUNTS_SUBJECTS.adminEmails>) {
    return this.admin.emails(request.caller, request.userIds);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.adminStats)
  stats(@Payload() request: BusPayload<typeof ACCOUNTS_SUBJECTS.adminStats>) {
    return this.admin.stats(request.caller);
  }

  @OnRequest(ACCOUNTS_SUBJECTS.health)
  health() {
    return this.admin.health();
  }
}
