import { Inject, Injectable, Logger } from '@nestjs/common';
import { AUTH_MESSAGES, GatewayErrorCode, LiveErrorCode, type SummaryErrorFrame, type SummaryRequestFrame } from '@lt/contracts';
import { DomainException, productMetrics } from '@lt/platform';
import { SUMMARY_LIMITERS, takeViewerCall, type ViewerCallLimiters } from '../auth/ip-rate-limiter.guard';
import type { LiveSocket } from '../live/connection/live-socket';
import { requireJoined } from '../live/join/live.service';
import { DeferrableLane } from '../live/connection/deferrable-lane';
import { SummaryCoalescer } from './summary-coalescer';

/**
 * `summary_request` on `/ws`: the way viewers ask, on the socket they already hold. A storm of them (the speaker
 * says "ask for a summary now") is one bus request per room, language and span on this gateway, answered with one
 * frame serialised once and written to every socket that asked. Each asker is counted as an HTTP caller is: its
 * browser id (the join's `viewerId`, else the connection's own id), its address when the operator set a cap, and
 * the room's share.
 */
@Injectable()
export class LiveSummaries {
  private readonly logger = new Logger('LiveSummaries');

  constructor(
    private readonly summaries: SummaryCoalescer,
    @Inject(SUMMARY_LIMITERS) private readonly limiters: ViewerCallLimiters,
    private readonly lane: DeferrableLane,
  ) {}

  async ask(socket: LiveSocket, frame: SummaryRequestFrame): Promise<void> {
    const roomId = requireJoined(socket);
    const clientId = socket.viewerId || socket.clientId;
    const waitMs = await takeViewerCall(this.limiters, { address: socket.address, clientId, roomId });
    if (waitMs !== null) {
      return refuse(socket, frame, GatewayErrorCode.TooManyRequests, AUTH_MESSAGES.tooManyRequests, { retryAfterMs: waitMs });
    }
    const { lang, sinceSeq } = frame;
    try {
      const shared = await this.summaries.shared({ roomId, lang, ...(sinceSeq === undefined ? {} : { sinceSeq }) });
      // One answer goes to every asker of a storm: written a slice at a time, captions in between.
      await this.lane.run(() => {
        if (socket.sendRaw(shared.frame)) productMetrics().framesOut.add(1, { type: 'summary' });
      });
    } catch (error) {
      if (error instanceof DomainException) {
        const wait = error.retryAfterSeconds ? { retryAfterMs: error.retryAfterSeconds * 1000 } : {};
        return refuse(socket, frame, error.code, error.message, wait);
      }
      const correlationId = crypto.randomUUID();
      this.logger.error(`summary of room ${roomId} in ${lang} failed (correlation id ${correlationId})`, error as Error);
      refuse(socket, frame, LiveErrorCode.Internal, 'Something went wrong on our side. Please try again.');
    }
  }
}

function refuse(
  socket: LiveSocket,
  frame: SummaryRequestFrame,
  code: SummaryErrorFrame['code'],
  message: string,
  extra: Pick<SummaryErrorFrame, 'retryAfterMs'> = {},
): void {
  socket.send({ type: 'summary_error', requestId: frame.requestId, code, message, ...extra });
}
