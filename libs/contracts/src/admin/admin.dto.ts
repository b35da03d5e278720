import { z } from 'zod';
import { planTypeSchema, profileResponseSchema, userRoleSchema } from '../auth/auth.response';
import { roomStatusSchema } from '../rooms/room.response';

/**
 * The admin panel's API (`/api/admin/*`): role admin, checked on the server for every call (403 otherwise).
 */

/** A user as the admin panel lists it: the user's profile. */
export const adminUserSchema = profileResponseSchema.meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({ users: z.array(adminUserSchema) }).meta({ id: 'AdminUserList' });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** `PATCH /api/admin/users/:userId`: the plan sets the quota (free 10000, premium 100000); the role. */
export const adminUpdateUserBodySchema = z
  .object({ plan_type: planTypeSchema.optional(), role: userRoleSchema.optional() })
  .strict()
  .refine((b) => b.plan_type !== undefined || b.role !== undefined, 'Give plan_type or role');
export type AdminUpdateUserBody = z.infer<typeof adminUpdateUserBodySchema>;

export const userIdParamsSchema = z.object({ userId: z.uuid('User id must be a uuid') });
export type UserIdParams = z.infer<typeof userIdParamsSchema>;

/** A room as the admin panel lists it, with its owner's e-mail. */
export const adminRoomSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    owner_email: z.string().nullable().describe('null for a room created without signing in'),
    status: roomStatusSchema,
    created_at: z.iso.datetime({ offset: true }),
    host_connected: z.boolean().describe('whether the host has the room open now; a live room without it is abandoned'),
  })
  .meta({ id: 'AdminRoom' });
export type AdminRoom = z.infer<typeof adminRoomSchema>;

export const adminRoomListSchema = z.object({ rooms: z.array(adminRoomSchema) }).meta({ id: 'AdminRoomList' });
export type AdminRoomList = z.infer<typeof adminRoomListSchema>;

/** `GET /api/admin/stats`: the six counts of the admin panel's Statistics tab. */
export const adminStatsSchema = z
  .object({
    total_users: z.int(),
    total_rooms: z.int(),
    premium_users: z.int(),
    active_rooms: z.int(),
    admin_users: z.int(),
    total_token_usage: z.int(),
  })
  .meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** `GET /api/admin/health`: each part's readiness as it answers now (the System Health block). */
export const systemHealthSchema = z
  .object({
    checked_at: z.iso.datetime({ offset: true }),
    parts: z.array(
      z.object({
        name: z.enum(['gateway', 'accounts', 'rooms', 'translate', 'tts', 'asr', 'database']),
        status: z.enum(['up', 'down']),
        detail: z.string().optional(),
      }),
    ),
  })
  .meta({ id: 'SystemHealth' });
export type SystemHealth = z.infer<typeof systemHealthSchema>;
