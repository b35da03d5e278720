import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { createOwnedRoomBodySchema, createRoomBodySchema, type CreateRoomRequest } from '@lt/contracts';
import { callerOf, type Caller } from '../../auth/caller.decorator';

export type RoomCreation = Omit<CreateRoomRequest, 'origin'>;

/**
 * The landing page sends at most a name; the dashboard's create form (signed in) sends the rest. A body with
 * anything but `name` is the form, so a mistake in it is reported against the form's fields.
 */
function creationOf(body: unknown, owner: Caller | null): RoomCreation {
  const fields = body && typeof body === 'object' ? Object.keys(body) : [];
  if (!owner || fields.every((f) => f === 'name')) {
    return { name: createRoomBodySchema.parse(body ?? {}).name, ownerId: owner?.userId ?? null };
  }
  const form = createOwnedRoomBodySchema.parse(body);
  return {
    name: form.name,
    ownerId: owner.userId,
    sourceLanguage: form.source_language ?? null,
    scheduledAt: form.scheduled_at ?? null,
    durationMinutes: form.duration_minutes,
    viewerDownloads: form.viewer_downloads,
    retention: form.retention,
    fastCaptions: form.fast_captions,
    questionsEnabled: form.questions_enabled,
    endedAllowance: form.ended_allowance,
    invitedHosts: form.invited_hosts,
  };
}

/**
 * The room a `POST /api/rooms` asks for, validated before the handler runs. Which schema applies depends on
 * the caller, which a pipe cannot see; the auth guard (OptionalAuthGuard) has found it by then.
 */
export const RoomCreationInput = createParamDecorator((_: unknown, context: ExecutionContext): RoomCreation => {
  const request = context.switchToHttp().getRequest<Request>();
  const caller = callerOf(request);
  if (caller === undefined) throw new Error('@RoomCreationInput() needs OptionalAuthGuard on the route');
  return creationOf(request.body, caller);
});
