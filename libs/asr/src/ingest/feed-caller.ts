/**
 * What a front (SRT's, RTMP's) asks of the ingest for each caller: a decoder listening on a local port (`null`
 * when no more may run), and whether the stream key the caller sent opens a room. The answer is awaited before the
 * caller's key-carrying message goes on, so no audio of a wrong key ever reaches a decoder that feeds a room.
 */
export interface FeedFrontHandler {
  /** A decoder for a caller not yet admitted; it must listen on `port` on 127.0.0.1. */
  start(peer: string, port: number): FeedCaller | null;
}

export interface FeedCaller {
  /** Whether the stream id (SRT) or stream name (RTMP) opens a room; the caller goes on only when it does. */
  admit(streamId: string | undefined): Promise<boolean>;
  /** The front let the caller go (it left, went quiet, or was refused): the decoder is to be stopped. */
  dropped(): void;
}

/**
 * A stream id is the key itself, SRT's access-control form `#!::r=<key>,…` that some encoders write, or an RTMP
 * stream name with a query (`<key>?…`) that some encoders append.
 */
export function keyFromStreamId(streamId: string | undefined): string | null {
  if (!streamId) return null;
  const acl = /^#!::(.*)$/.exec(streamId);
  const key = acl ? /(?:^|,)r=([^,]+)/.exec(acl[1])?.[1] : streamId.split('?')[0];
  return key && /^[A-Za-z0-9_-]{16,200}$/.test(key) ? key : null;
}
