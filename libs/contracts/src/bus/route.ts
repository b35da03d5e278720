import { z } from 'zod';

/**
 * The bus between the gateway and the services, as data: every subject with the schema of what travels on
 * it. Call sites infer their types from a route; the receiving side validates against the same schema.
 */
export interface RequestRoute<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly kind: 'request';
  readonly subject: string;
  readonly request: Req;
  readonly reply: Res;
}

export interface EventRoute<P extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly subject: string;
  readonly payload: P;
}

/**
 * An event of one room, on a subject that carries the room id, so that a gateway receives only the rooms
 * its sockets are in. `pattern` matches the event in every room (for a service that handles them all).
 */
export interface RoomEventRoute<P extends z.ZodType = z.ZodType> {
  readonly kind: 'room-event';
  /** The subject after `room.<roomId>.` (without the key of keyed events). */
  readonly name: string;
  readonly pattern: string;
  readonly payload: P;
  /** Keyed events carry one more token (e.g. the language), so a subscriber can take only the keys it needs. */
  readonly keyed: boolean;
  subject(roomId: string, key?: string): string;
}

export type RequestOf<R extends RequestRoute> = z.input<R['request']>;
export type ReplyOf<R extends RequestRoute> = z.output<R['reply']>;
export type EventOf<R extends EventRoute | RoomEventRoute> = z.input<R['payload']>;
/** What a handler receives: the payload after validation. */
export type BusPayload<R extends RequestRoute | EventRoute | RoomEventRoute> = R extends RequestRoute
  ? z.output<R['request']>
  : R extends EventRoute | RoomEventRoute
    ? z.output<R['payload']>
    : never;

export const requestRoute = <Req extends z.ZodType, Res extends z.ZodType>(
  subject: string,
  request: Req,
  reply: Res,
): RequestRoute<Req, Res> => ({ kind: 'request', subject, request, reply });

export const eventRoute = <P extends z.ZodType>(subject: string, payload: P): EventRoute<P> => ({
  kind: 'event',
  subject,
  payload,
});

/** Subjects of one room: `room.<roomId>.<name>`; `room.*.<name>` matches every room. */
export const ROOM_SUBJECT_ROOT = 'room';

export const roomEventRoute = <P extends z.ZodType>(name: string, payload: P): RoomEventRoute<P> => ({
  kind: 'room-event',
  name,
  pattern: `${ROOM_SUBJECT_ROOT}.*.${name}`,
  payload,
  keyed: false,
  subject: (roomId: string) => `${ROOM_SUBJECT_ROOT}.${roomId}.${name}`,
});

/** A room event with one more token after the name (e.g. a language): `room.<roomId>.<name>.<key>`. */
export const keyedRoomEventRoute = <P extends z.ZodType>(name: string, payload: P): RoomEventRoute<P> => ({
  kind: 'room-event',
  name,
  pattern: `${ROOM_SUBJECT_ROOT}.*.${name}.*`,
  payload,
  keyed: true,
  subject: (roomId: string, key = '*') => `${ROOM_SUBJECT_ROOT}.${roomId}.${name}.${key}`,
});

/** Everything a gateway subscribes to for one room, but the keyed events (it asks for those key by key). */
export const roomEventsSubject = (roomId: string): string => `${ROOM_SUBJECT_ROOT}.${roomId}.event.*`;

/** The name of a room event from its full subject: `room.<roomId>.event.status` -> `event.status`. */
export const roomEventName = (subject: string): string => subject.split('.').slice(2).join('.');

/** A reply that is typed but not checked at run time: replies come from our own services. */
export const typed = <T>() => z.custom<T>(() => true);
