import { SUMMARY_SEQ_STEP, type ClientFrame, type ServerFrame, type SummaryBody, type SummaryResponse } from '@lt/contracts';
import { ApiError } from '../../lib/http';

interface Waiting {
  lang: SummaryBody['lang'];
  span: number;
  resolve: (answer: SummaryResponse) => void;
  reject: (error: Error) => void;
}

/** How long an answer is waited for: the server gives the model a minute at most. */
const ANSWER_TIMEOUT_MS = 70_000;

const spanOf = (sinceSeq: number | undefined) => Math.floor((sinceSeq ?? 0) / SUMMARY_SEQ_STEP) * SUMMARY_SEQ_STEP;

/**
 * Summaries asked on the viewer's socket (`summary_request`). The gateway answers everyone who asked for the same
 * summary with one `summary` frame naming its language and span, so every request waiting for that one is
 * answered by it; a `summary_error` names the request it refuses. A connection lost meanwhile fails what waits.
 */
export class SocketSummaries {
  private readonly waiting = new Map<string, Waiting>();
  private next = 0;

  constructor(private readonly send: (frame: ClientFrame) => boolean) {}

  /** The answer, or null when the socket cannot take the request now (not joined, or over its frame rate). */
  ask(body: SummaryBody): Promise<SummaryResponse> | null {
    const requestId = `s${Date.now().toString(36)}${(this.next++).toString(36)}`;
    if (!this.send({ type: 'summary_request', requestId, ...body })) return null;
    return new Promise<SummaryResponse>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(requestId, new ApiError(0, 'timeout', '')), ANSWER_TIMEOUT_MS);
      const done = () => clearTimeout(timer);
      this.waiting.set(requestId, {
        lang: body.lang,
        span: spanOf(body.sinceSeq),
        resolve: (answer) => (done(), resolve(answer)),
        reject: (error) => (done(), reject(error)),
      });
    });
  }

  /** Takes a frame that answers summaries; false for any other. */
  receive(frame: ServerFrame): boolean {
    if (frame.type === 'summary') {
      const { summary, fromSeq, upToSeq } = frame;
      for (const [id, w] of this.waiting) {
        if (w.lang !== frame.lang || w.span !== frame.sinceSeq) continue;
        this.waiting.delete(id);
        w.resolve({ summary, fromSeq, upToSeq });
      }
      return true;
    }
    if (frame.type === 'summary_error') {
      this.fail(frame.requestId, new ApiError(0, frame.code, frame.message));
      return true;
    }
    return false;
  }

  /** The connection went: nothing asked on it will be answered. */
  failAll(): void {
    for (const id of [...this.waiting.keys()]) this.fail(id, new ApiError(0, 'unavailable', ''));
  }

  private fail(requestId: string, error: Error): void {
    const w = this.waiting.get(requestId);
    this.waiting.delete(requestId);
    w?.reject(error);
  }
}
