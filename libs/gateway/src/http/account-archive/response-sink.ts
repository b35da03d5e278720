import type { Response } from 'express';
import { ARCHIVE_FILE_NAME } from '@lt/contracts';
import type { ArchiveSink } from './archive-writer';

/** The download ended before the archive did: the client went away, the response failed, or time ran out. */
export class ArchiveAborted extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ArchiveAborted';
  }
}

/**
 * The HTTP response as the archive's sink: headers at the first byte, and its own backpressure. Waiting for room
 * settles in every case: on `drain`, and with an error on `close` or `error` (also when it happened before the wait
 * began: a client that disconnected never drains) or at `deadline`.
 */
export function responseSink(res: Response, deadline: number): ArchiveSink {
  return {
    start() {
      res.status(200);
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('Content-Disposition', `attachment; filename="${ARCHIVE_FILE_NAME}"`);
      res.setHeader('Cache-Control', 'no-store');
    },
    write: (chunk) => !res.destroyed && res.write(chunk),
    drained: () =>
      new Promise((resolve, reject) => {
        if (res.destroyed || res.closed) return reject(new ArchiveAborted('the client went away'));
        const settle = (error?: Error) => {
          clearTimeout(timer);
          res.off('drain', drain);
          res.off('close', close);
          res.off('error', close);
          if (error) reject(error);
          else resolve();
        };
        const drain = () => settle();
        const close = () => settle(new ArchiveAborted('the client went away'));
        const timer = setTimeout(() => settle(new ArchiveAborted('the download took too long')), Math.max(0, deadline - Date.now()));
        res.on('drain', drain);
        res.on('close', close);
        res.on('error', close);
      }),
    end: () => res.end(),
  };
}
