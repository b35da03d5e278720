import { Controller, Delete, Get, HttpCode, Patch, Post, UseGuards } from '@nestjs/common';
import {
  ACCOUNTS_SUBJECTS,
  adminUpdateUserBodySchema,
  roomIdParamsSchema,
  ROOMS_SUBJECTS,
  userIdParamsSchema,
  type AdminRoomList,
  type AdminStats,
  type AdminUpdateUserBody,
  type AdminUser,
  type AdminUserList,
  type CallerContext,
  type RoomIdParams,
  type UserIdParams,
  type SystemHealth,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import { AdminGuard } from '../../auth/admin.guard';
import { AuthGuard } from '../../auth/auth.guard';
import { Caller } from '../../auth/caller.decorator';
import { ValidBody, ValidParams } from '../pipeline/valid-input';
import { SystemHealthCheck } from './system-health';

const sessionOf = (caller: Caller): CallerContext => ({ userId: caller.userId, sessionId: caller.sessionId });

/** `/api/admin/*`: 401 without a valid token, 403 unless the caller's profile has role admin now. */
@Controller('api/admin')
@UseGuards(AuthGuard, AdminGuard)
export class AdminHttpController {
  constructor(
    private readonly bus: Bus,
    private readonly health: SystemHealthCheck,
  ) {}

  @Get('users')
  async users(@Caller() caller: Caller): Promise<AdminUserList> {
    return { users: await this.bus.request(ACCOUNTS_SUBJECTS.adminListUsers, { caller: sessionOf(caller) }) };
  }

  @Patch('users/:userId')
  updateUser(
    @ValidParams(userIdParamsSchema) { userId }: UserIdParams,
    @ValidBody(adminUpdateUserBodySchema) body: AdminUpdateUserBody,
    @Caller() caller: Caller,
  ): Promise<AdminUser> {
    return this.bus.request(ACCOUNTS_SUBJECTS.adminUpdateUser, { caller: sessionOf(caller), userId, body });
  }

  @Post('users/:userId/reset-tokens')
  @HttpCode(200)
  resetTokens(@ValidParams(userIdParamsSchema) { userId }: UserIdParams, @Caller() caller: Caller): Promise<AdminUser> {
    return this.bus.request(ACCOUNTS_SUBJECTS.adminResetTokens, { caller: sessionOf(caller), userId });
  }

  /** rooms-svc lists the rooms, accounts-svc names their owners: neither reads the other's schema. */
  @Get('rooms')
  async rooms(@Caller() caller: Caller): Promise<AdminRoomList> {
    const rooms = await this.bus.request(ROOMS_SUBJECTS.adminList, {});
    const ownerIds = [...new Set(rooms.flatMap((r) => (r.owner_id ? [r.owner_id] : [])))];
    const { emails } = ownerIds.length
      ? await this.bus.request(ACCOUNTS_SUBJECTS.adminEmails, { caller: sessionOf(caller), userIds: ownerIds })
      : { emails: {} as Record<string, string> };
    return {
      rooms: rooms.map((r) => ({
        id: r.id,
        name: r.name,
        owner_email: r.owner_id ? (emails[r.owner_id] ?? null) : null,
        status: r.status,
        created_at: r.created_at,
        host_connected: r.host_connected,
      })),
    };
  }

  @Delete('rooms/:roomId')
  @HttpCode(204)
  async deleteRoom(@ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams): Promise<void> {
    await this.bus.request(ROOMS_SUBJECTS.adminDelete, { roomId });
  }

  @Get('stats')
  async stats(@Caller() caller: Caller): Promise<AdminStats> {
    const [accounts, rooms] = await Promise.all([
      this.bus.request(ACCOUNTS_SUBJECTS.adminStats, { caller: sessionOf(caller) }),
      this.bus.request(ROOMS_SUBJECTS.adminStats, {}),
    ]);
    return { ...accounts, ...rooms };
  }

  @Get('health')
  systemHealth(): Promise<SystemHealth> {
    return this.health.check();
  }
}
