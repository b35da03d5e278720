import { ArgumentsHost, Catch, Logger, WsExceptionFilter } from '@nestjs/common';
import type { WebSocket } from 'ws';
import { LiveErrorCode, type ClientFrame } from '@lt/contracts';
import { DomainException } from '@lt/platform';
import { liveCodeOf } from '../../errors/error-map';
import { LiveSocket } from './live-socket';

/** A failed frame answers an `error` frame (with the transcript's messageId); the socket stays open. */
@Catch()
export class LiveExceptionFilter implements WsExceptionFilter {
  private readonly logger = new Logger('LiveFrames');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ws = host.switchToWs();
    const socket = LiveSocket.of(ws.getClient<WebSocket>());
    const frame = ws.getData<ClientFrame>();
    const messageId = frame?.type === 'transcript' ? frame.messageId : undefined;
    if (exception instanceof DomainException) return socket.error(liveCodeOf(exception.code), exception.message, messageId);
    const correlationId = crypto.randomUUID();
    this.logger.error(`frame ${frame?.type} failed (correlation id ${correlationId})`, exception as Error);
    socket.send({
      type: 'error',
      code: LiveErrorCode.Internal,
      message: 'Something went wrong on our side. Please try again.',
      correlationId,
      ...(messageId ? { messageId } : {}),
    });
  }
}
