import { NO_MESSAGE_HANDLER } from '@nestjs/microservices/constants';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { ErrorCode, NatsError } from 'nats';
import { TimeoutError } from 'rxjs';
import { BusErrorCode, RoomsErrorCode } from '@lt/contracts';
import { BusUnreachableError, toBusError } from './bus-client';
import { natsFailure } from './nats.transport';

const classify = (error: unknown) => {
  const { code, message } = toBusError('rooms.room.get', natsFailure(error), 50);
  return { code, message };
};
const unavailable = { code: BusErrorCode.Unavailable, message: 'No service answers rooms.room.get' };

describe('bus errors', () => {
  it.each([
    ErrorCode.ConnectionClosed,
    ErrorCode.ConnectionDraining,
    ErrorCode.ConnectionRefused,
    ErrorCode.Disconnect,
    ErrorCode.NoResponders,
  ])('reads the NATS error %s as unavailable, by its code', (code) => {
    expect(classify(NatsError.errorForCode(code))).toEqual(unavailable);
    // The code decides, whatever the message says.
    expect(classify(new NatsError('something else entirely', code))).toEqual(unavailable);
  });

  it("reads Nest's empty answer and its no-handler reply as unavailable", () => {
    expect(classify(new EmptyResponseException('rooms.room.get'))).toEqual(unavailable);
    expect(classify(NO_MESSAGE_HANDLER)).toEqual(unavailable);
  });

  it('keeps a remote code, times out, and hides anything else behind internal, whatever its message', () => {
    expect(classify({ code: RoomsErrorCode.RoomNotFound, message: 'Room not found' })).toEqual({
      code: 'room_not_found',
      message: 'Room not found',
    });
    expect(classify(new TimeoutError())).toEqual({ code: BusErrorCode.Timeout, message: 'rooms.room.get timed out after 50 ms' });
    expect(classify(NatsError.errorForCode(ErrorCode.MaxPayloadExceeded))).toEqual({
      code: BusErrorCode.PayloadTooLarge,
      message: 'The request is larger than the bus carries',
    });
    expect(classify(new Error('CONNECTION_CLOSED'))).toEqual({ code: BusErrorCode.Internal, message: 'Internal error' });
    expect(classify('Error: Connection lost. Trying to reconnect...')).toEqual({ code: BusErrorCode.Internal, message: 'Internal error' });
    expect(toBusError('x', new BusUnreachableError('closed'), 1).code).toBe(BusErrorCode.Unavailable);
  });
});
