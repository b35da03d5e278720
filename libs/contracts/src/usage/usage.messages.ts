import { z } from 'zod';
import { requestRoute, roomEventRoute } from '../bus/route';

/** What a call to a language model or a speech provider is charged as. */
export const usageEventTypeSchema = z.enum(['translation', 'summary', 'enhancement', 'interim', 'tts', 'recognition']);
export type UsageEventType = z.infer<typeof usageEventTypeSchema>;

/** Whose tokens a room spends: its owner's quota, or (an anonymous room) the room's own budget. */
export const quotaStatusRequestSchema = z.object({ roomId: z.uuid(), ownerId: z.uuid().nullable() });
export const quotaStatusSchema = z.object({
  /** Whether one more call may be made. */
  allowed: z.boolean(),
  remaining: z.int().min(0),
});

/**
 * The real usage of one call (the API's `usage` tokens; characters for speech), applied once per `eventId`
 * to the owner's `tokens_used`, or to the room's budget for an anonymous room.
 */
export const applyUsageRequestSchema = z.object({
  eventId: z.string().min(1).max(100),
  roomId: z.uuid(),
  ownerId: z.uuid().nullable(),
  tokens: z.int().min(0),
  eventType: usageEventTypeSchema,
});

/** A room's spending crossed its quota or budget (exhausted), or may spend again (an admin reset it). */
export const quotaChangedEventSchema = z.object({
  roomId: z.uuid(),
  exhausted: z.boolean(),
  timestamp: z.string(),
  messageId: z.string(),
});

export type QuotaStatusRequest = z.infer<typeof quotaStatusRequestSchema>;
export type QuotaStatus = z.infer<typeof quotaStatusSchema>;
export type ApplyUsageRequest = z.infer<typeof applyUsageRequestSchema>;
export type QuotaChangedEvent = z.infer<typeof quotaChangedEventSchema>;

/** Bus subjects of token metering: served by accounts-svc (the ledger), the event published by whoever spends. */
export const USAGE_SUBJECTS = {
  status: requestRoute('accounts.quota.status', quotaStatusRequestSchema, quotaStatusSchema),
  apply: requestRoute('accounts.usage.apply', applyUsageRequestSchema, z.object({ applied: z.boolean() })),
  /** request from rooms-svc before it deletes rooms: their budgets go, and the owners' ledger forgets the rooms */
  forgetRooms: requestRoute('accounts.usage.forget-rooms', z.object({ roomIds: z.array(z.uuid()).max(10_000) }), z.object({})),
  /** room event: translation, summaries and server audio paused (or resumed) for the room's spending */
  quotaChanged: roomEventRoute('event.quota', quotaChangedEventSchema),
} as const;
