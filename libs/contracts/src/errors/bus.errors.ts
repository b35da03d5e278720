/**
 * Errors of the bus itself: nobody answered, nobody answered in time, a payload failed its schema, a handler failed,
 * or a message was larger than the transport carries (an answer that could not be sent, or a request too large).
 */
export enum BusErrorCode {
  Unavailable = 'unavailable',
  Timeout = 'timeout',
  BadRequest = 'bad_request',
  Internal = 'internal',
  PayloadTooLarge = 'payload_too_large',
}

/** NATS's default `max_payload`: no message on the bus may be larger. */
export const BUS_MAX_PAYLOAD_BYTES = 1024 * 1024;
/** What one page of a list on the bus holds at most, in bytes of its JSON: well under the transport's limit. */
export const BUS_PAGE_BYTES = 512 * 1024;
