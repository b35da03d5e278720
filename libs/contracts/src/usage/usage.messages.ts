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

/**
 * Tokens held for one model call before it is made (its estimate), against the owner's quota or the anonymous
 * room's budget, counted as spent until the call's usage is applied under the same id (`eventId` = `id`), it
 * is released, or it lapses after `ttlMs`. `cap`: a ceiling of the room's own for this kind of spending (the
 * allowance of an ended room), counted over `capSince`.
 */
export const reserveUsageRequestSchema = z.object({
  id: z.uuid(),
  roomId: z.uuid(),
  ownerId: z.uuid().nullable(),
  tokens: z.int().min(0).max(10_000_000),
  ttlMs: z.int().min(1_000).max(600_000),
  cap: z.object({ tokens: z.int().min(0), since: z.iso.datetime() }).optional(),
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
export type ReserveUsageRequest = z.infer<typeof reserveUsageRequestSchema>;
export type QuotaChangedEvent = z.infer<typeof quotaChangedEventSchema>;

/** Bus subjects of token metering: served by accounts-svc (the ledger), the event published by whoever spends. */
export const USAGE_SUBJECTS = {
  status: requestRoute('accounts.quota.status', quotaStatusRequestSchema, quotaStatusSchema),
  apply: requestRoute('accounts.usage.apply', applyUsageRequestSchema, z.object({ applied: z.boolean() })),
  /** request before each model call: its estimate held, or refused (the quota or budget would be passed) */
  reserve: requestRoute('accounts.usage.reserve', reserveUsageRequestSchema, z.object({ granted: z.boolean() })),
  /** request after a call that reported no usage (it failed before any): what it held goes */
  release: requestRoute('accounts.usage.release', z.object({ ids: z.array(z.uuid()).min(1).max(100) }), z.object({})),
  /** request from rooms-svc before it deletes rooms: their budgets go, and the owners' ledger forgets the rooms */
  forgetRooms: requestRoute('accounts.usage.forget-rooms', z.object({ roomIds: z.array(z.uuid()).max(10_000) }), z.object({})),
  /** request from rooms-svc (a room's analytics): the tokens the room spent since a moment (its end) */
  spentSince: requestRoute(
    'accounts.usage.spent-since',
    z.object({ roomId: z.uuid(), since: z.iso.datetime() }),
    z.object({ tokens: z.int().min(0) }),
  ),
  /** room event: translation, summaries and server audio paused (or resumed) for the room's spending */
  quotaChanged: roomEventRoute('event.quota', quotaChangedEventSchema),
} as const;
