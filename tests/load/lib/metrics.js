// The figures every scenario reports. Metrics must be made in k6's init context: importing this file does it.
import { Counter, Trend } from 'k6/metrics';

/** From the host's send (the frame's `timestamp`) to a viewer's receipt, for live captions only. */
export const captionDelay = new Trend('caption_delay_ms', true);
/** Seqs a viewer never received by the end of the run, resumes with `since` included. */
export const missedMessages = new Counter('missed_messages');
/** Translation frames viewers received (live and catch-up). */
export const captionFrames = new Counter('caption_frames');
/** Frames that came as catch-up after a (re)join with `since`: not in caption_delay_ms. */
export const catchUpFrames = new Counter('catch_up_frames');
/** Seqs a viewer received twice, or below one it already had (the gateway promises neither). */
export const duplicateFrames = new Counter('duplicate_frames');
export const outOfOrderFrames = new Counter('out_of_order_frames');

export const sentencesSent = new Counter('sentences_sent');
export const sentencesAcked = new Counter('sentences_acked');
export const sentencesResent = new Counter('sentences_resent');
/** Refused for good, or still unacked when the host stopped. */
export const sentencesFailed = new Counter('sentences_failed');
export const ackDelay = new Trend('ack_ms', true);

export const reconnects = new Counter('reconnects');
/** Seqs that fell in a reconnection's gap and never came, although the viewer resumed with `since`. */
export const missedAfterResume = new Counter('missed_after_resume');
/** Sockets that could not be opened or were closed by the server before the end. */
export const socketFailures = new Counter('socket_failures');

export const summaryLatency = new Trend('summary_ms', true);
/** Summary answers that were not 2xx or not `{summary, upToSeq}`. */
export const summaryFailed = new Counter('summary_failed');
export const summaryRequests = new Counter('summary_requests');
