import { z } from 'zod';
import { roomIdSchema } from '../rooms/room-id.dto';

/**
 * The venue's feed: a room's stream key, what the AV desk types into an encoder, and the feed's state as the
 * ingest sees it (docs/api.md "Venue feed", docs/protocol.md `feed_status`).
 */

export const FEED_STATES = ['waiting', 'receiving', 'silent', 'lost', 'stopped'] as const;
export const feedStateSchema = z.enum(FEED_STATES);
export type FeedState = z.infer<typeof feedStateSchema>;

/** Why the server stopped a feed: the room's recognition quota is spent, or it sent no audio for a while. */
export const FEED_STOP_REASONS = ['quota', 'idle'] as const;
export type FeedStopReason = (typeof FEED_STOP_REASONS)[number];

export const feedStatusSchema = z
  .object({
    state: feedStateSchema.describe(
      '`waiting`: no publisher; `receiving`: audio arrives; `silent`: a publisher sends only silence; `lost`: the publisher left or stopped sending; ' +
        '`stopped`: the server stopped recognising it and disconnected the publisher (`reason`); it is taken again when it reconnects and may',
    ),
    level: z.number().min(-90).max(0).nullable().describe("The last second's loudness in dBFS, while audio arrives"),
    silentForS: z.number().int().min(0).nullable().describe('Seconds of silence, while `silent`'),
    reason: z
      .enum(FEED_STOP_REASONS)
      .optional()
      .describe(
        "While `stopped`: `quota`, the room's recognition quota is spent (a publisher that reconnects is refused until it is raised); `idle`, no audio for `ASR_STREAM_IDLE_MS`",
      ),
  })
  .meta({ id: 'FeedStatus' });
export type FeedStatus = z.infer<typeof feedStatusSchema>;

/** A stream key as handed out: 32 base64url characters (192 random bits). */
export const INGEST_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

const timestamp = z.iso.datetime().meta({ examples: ['2025-05-01T09:30:00.000Z'] });

export const ingestResponseSchema = z
  .object({
    room_id: roomIdSchema,
    enabled: z.boolean().describe('Whether this deployment takes venue feeds (`INGEST_ENABLED`)'),
    has_key: z.boolean().describe('Whether the room has a stream key (it is shown whole only when made)'),
    key_created_at: timestamp.nullable(),
    srt_address: z
      .string()
      .nullable()
      .meta({ examples: ['srt://ingest.rooms.example:9000'] }),
    rtmp_address: z
      .string()
      .nullable()
      .meta({ examples: ['rtmp://ingest.rooms.example:1935/live'] }),
    feed: feedStatusSchema.nullable().describe('The feed now; null when the ingest does not answer'),
  })
  .meta({ id: 'Ingest' });
export type IngestResponse = z.infer<typeof ingestResponseSchema>;

export const ingestKeyResponseSchema = ingestResponseSchema
  .extend({
    key: z.string().regex(INGEST_KEY_PATTERN).describe('The new stream key: shown this once only'),
    srt_url: z
      .string()
      .nullable()
      .meta({ examples: ['srt://ingest.rooms.example:9000?streamid=…'] }),
    rtmp_url: z
      .string()
      .nullable()
      .meta({ examples: ['rtmp://ingest.rooms.example:1935/live/…'] }),
  })
  .meta({ id: 'IngestKey' });
export type IngestKeyResponse = z.infer<typeof ingestKeyResponseSchema>;

/** What an encoder is given: SRT with the key as stream id, RTMP with the key as the stream name. */
export function ingestUrls(srtAddress: string | null, rtmpAddress: string | null, key: string) {
  return {
    srt_url: srtAddress ? `${srtAddress}?streamid=${key}` : null,
    rtmp_url: rtmpAddress ? `${rtmpAddress}/${key}` : null,
  };
}
