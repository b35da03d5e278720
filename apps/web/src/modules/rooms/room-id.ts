import { isUuid } from '@lt/contracts';

/** Room ids are UUIDs, as a join frame's roomId must be: a mistyped link fails before connecting. */
export function isRoomId(value: string | undefined): value is string {
  return isUuid(value);
}
