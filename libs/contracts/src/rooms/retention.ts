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
