import { z } from 'zod';
import { LIMITS } from '../constants';
import { hostLanguageCodeSchema, languageCodeSchema } from '../languages';
import { cleanText } from '../text';
import { summaryBodySchema } from '../translate/summary.messages';

/**
 * Frames a browser sends on `/ws`: join, transcript, room_start, room_end, set_language, ping, resync and
 * summary_request (see docs/protocol.md).
 */
export const roleSchema = z.enum(['host', 'speaker', 'viewer']);
export type Role = z.infer<typeof roleSchema>;

const uuid = z.string().uuid();
const messageId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'messageId must be a uuid or a short token');
const isoTimestamp = z.string().datetime({ offset: true });

export const joinFrameSchema = z.object({
  type: z.literal('join'),
  roomId: uuid,
  role: roleSchema,
  lang: languageCodeSchema.optional(),
  hostKey: cleanText('hostKey').min(16).max(200).optional(),
  inviteToken: cleanText('inviteToken').min(16).max(200).optional(),
  accessToken: cleanText('accessToken').min(1).max(4096).optional(),
  since: z.number().int().min(0).optional(),
  /** A viewer's browser id (the one of `X-Client-Id`): counted once among the room's unique viewers. */
  viewerId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'viewerId must be 8 to 64 letters, digits, - or _')
    .optional(),
});

export const transcriptFrameSchema = z.object({
  type: z.literal('transcript'),
  messageId,
  text: cleanText('text').trim().min(1).max(LIMITS.transcriptTextMax),
  sourceLanguage: hostLanguageCodeSchema,
  timestamp: isoTimestamp,
  confidence: z.number().min(0).max(1),
  final: z.boolean(),
  /** Enhance Mode (the host's checkbox, on by default): the language model improves the sentence before it is translated. */
  enhance: z.boolean().optional(),
  /** W3C trace context: the sentence's trace continues the client's own (docs/protocol.md). */
  traceparent: z
    .string()
    .regex(/^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/, 'traceparent must be a W3C trace context header value')
    .optional(),
  tracestate: z
    .string()
    .max(512)
    .regex(/^[\x20-\x7e]*$/, 'tracestate must be printable ASCII')
    .optional(),
});

export const roomStartFrameSchema = z.object({
  type: z.literal('room_start'),
  sourceLanguage: hostLanguageCodeSchema.optional(),
});
export const roomEndFrameSchema = z.object({ type: z.literal('room_end') });
export const setLanguageFrameSchema = z.object({ type: z.literal('set_language'), lang: languageCodeSchema });
export const resyncFrameSchema = z.object({ type: z.literal('resync'), since: z.number().int().min(0) });
/** `t`: the client's clock (ms since the epoch) when it sent the ping, given back in the pong to measure the clock offset. */
export const pingFrameSchema = z.object({ type: z.literal('ping'), t: z.number().finite().min(0).max(8.64e15).optional() });
/** The host turns the room's Fast captions (interim lines translated for the viewers) on or off. */
export const roomSettingsFrameSchema = z.object({ type: z.literal('room_settings'), fastCaptions: z.boolean() });
/**
 * A joined socket asks for the room's summary in a language (or, with `sinceSeq`, what was said after it): the
 * answer is a `summary` frame shared by every socket that asked for the same one, or a `summary_error` naming
 * `requestId`.
 */
export const summaryRequestFrameSchema = summaryBodySchema.extend({
  type: z.literal('summary_request'),
  requestId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'requestId must be 1 to 64 letters, digits, - or _'),
});

export const clientFrameSchema = z.discriminatedUnion('type', [
  joinFrameSchema,
  transcriptFrameSchema,
  roomStartFrameSchema,
  roomEndFrameSchema,
  setLanguageFrameSchema,
  resyncFrameSchema,
  pingFrameSchema,
  roomSettingsFrameSchema,
  summaryRequestFrameSchema,
]);

export type JoinFrame = z.infer<typeof joinFrameSchema>;
export type TranscriptFrame = z.infer<typeof transcriptFrameSchema>;
export type RoomSettingsClientFrame = z.infer<typeof roomSettingsFrameSchema>;
export type RoomStartFrame = z.infer<typeof roomStartFrameSchema>;
export type SummaryRequestFrame = z.infer<typeof summaryRequestFrameSchema>;
export type ClientFrame = z.infer<typeof clientFrameSchema>;
