/** Errors of the bus itself: nobody answered, nobody answered in time, a payload failed its schema, a handler failed. */
export enum BusErrorCode {
  Unavailable = 'unavailable',
  Timeout = 'timeout',
  BadRequest = 'bad_request',
  Internal = 'internal',
}
