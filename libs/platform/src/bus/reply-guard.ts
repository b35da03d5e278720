import { Logger } from '@nestjs/common';
import type { WritePacket } from '@nestjs/microservices';
import { ErrorCode, NatsError } from 'nats';
import { BusErrorCode } from '@lt/contracts';

const logger = new Logger('Bus');

/** Sends one packet of a handler's answer; it may throw (too large for the transport, a connection closing). */
export type Respond = (packet: WritePacket & { id?: string }) => void | Promise<unknown>;

/** Whether an error says that a message was larger than the transport carries. */
export function isPayloadTooLarge(error: unknown): boolean {
  return (
    (error instanceof NatsError && error.code === ErrorCode.MaxPayloadExceeded) ||
    (error instanceof Error && 'code' in error && error.code === BusErrorCode.PayloadTooLarge)
  );
}

/**
 * Every transport answers through this, for every handler, in one place: an answer that cannot be sent (larger
 * than the transport carries, not serializable, a connection that fails) becomes an error answer to the caller
 * and a line in the log, never an exception thrown out of the transport's callback (which would end the process).
 */
export function guardedRespond(respond: Respond, subject: string): Respond {
  return (packet) => {
    try {
      return respond(packet);
    } catch (error) {
      const tooLarge = isPayloadTooLarge(error);
      const correlationId = crypto.randomUUID();
      const err = tooLarge
        ? { code: BusErrorCode.PayloadTooLarge, message: `The answer to ${subject} is larger than the bus carries`, correlationId }
        : { code: BusErrorCode.Internal, message: 'Internal error', correlationId };
      logger.error(`the answer to ${subject} could not be sent (correlation id ${correlationId}): ${describe(error)}`);
      try {
        return respond({ err, isDisposed: true });
      } catch (again) {
        logger.error(`the error answer to ${subject} could not be sent either: ${describe(again)}`);
        return undefined;
      }
    }
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
