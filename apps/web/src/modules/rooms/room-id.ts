import { joinFrameSchema } from '@lt/contracts';

/** Room ids are what the server accepts in a join frame, so a mistyped link fails before connecting. */
export function isRoomId(value: string | undefined): value is string {
  return joinFrameSchema.shape.roomId.safeParse(value).success;
}
