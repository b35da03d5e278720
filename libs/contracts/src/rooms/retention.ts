import { z } from 'zod';

/**
 * How long a room's transcript, translations, summaries and audio are kept: for good (the default), until N days
 * after the room ends, or only while the room is live (deleted when it ends; viewers still resume within the
 * session).
 */
export const RETENTIONS = ['keep', 'days_7', 'days_30', 'days_90', 'none'] as const;
export const retentionSchema = z
  .enum(RETENTIONS)
  .describe(
    'keep: kept (default); days_7, days_30, days_90: deleted that many days after the room ends; none: not stored after the room ends',
  );
export type Retention = z.infer<typeof retentionSchema>;

/** Days after the end at which a room's content goes; 0 for `none` (at the end), null for `keep`. */
export function retentionDays(retention: Retention): number | null {
  switch (retention) {
    case 'keep':
      return null;
    case 'none':
      return 0;
    default:
      return Number(retention.slice('days_'.length));
  }
}

/**
 * A room whose content went (its retention): nothing of it up to `throughSeq` (the room's last seq then), nor anything
 * made from what existed at `purgedAt` (a question asked before), may be stored again. A room live again later has new
 * seqs.
 */
export const purgeMarkSchema = z.object({
  roomId: z.uuid(),
  throughSeq: z.int().min(0),
  purgedAt: z.iso.datetime(),
});
export type PurgeMark = z.infer<typeof purgeMarkSchema>;

/**
 * Rooms whose content goes: deleted rooms (no `marks`: nothing of them is kept, not even their ids), or rooms whose
 * retention is over, with the marks each service records so that it never stores that content again.
 */
export const purgeRoomsRequestSchema = z.object({
  roomIds: z.array(z.uuid()).max(10_000),
  marks: z.array(purgeMarkSchema).max(10_000).optional(),
});
export type PurgeRoomsRequest = z.infer<typeof purgeRoomsRequestSchema>;

/** The most an owner may let an ended room spend (tokens, counted from its end). */
export const ENDED_ALLOWANCE_MAX = 1_000_000;
export const endedAllowanceSchema = z
  .int()
  .min(0)
  .max(ENDED_ALLOWANCE_MAX)
  .nullable()
  .describe(
    'Tokens the room may still spend after it ended (a visitor reading it in a new language), counted from its end; ' +
      "null: the deployment's default (ENDED_ROOM_TOKEN_ALLOWANCE, 2,000). Set by the owner only.",
  );
