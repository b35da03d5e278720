import { Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { ARCHIVE_FILE_NAME, type ArchiveManifest, type CallerContext } from '@lt/contracts';
import { Bus } from '@lt/platform';
import { ARCHIVE_SECTIONS } from './archive-sections';
import { ArchiveWriter, type ArchiveSink } from './archive-writer';

/** The HTTP response as the archive's sink: headers at the first byte, and its own backpressure. */
function responseSink(res: Response): ArchiveSink {
  return {
    start() {
      res.status(200);
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('Content-Disposition', `attachment; filename="${ARCHIVE_FILE_NAME}"`);
      res.setHeader('Cache-Control', 'no-store');
    },
    write: (chunk) => res.write(chunk),
    drained: () =>
      new Promise((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      }),
    end: () => res.end(),
  };
}

/**
 * The owner's archive: every section in turn writes its files into one ZIP streamed to the caller, then
 * `manifest.json` says which files each section wrote. An error before the first byte answers as any error does;
 * after it, the download is cut short (the browser reports it failed) rather than ending as a complete archive.
 */
@Injectable()
export class AccountArchive {
  private readonly logger = new Logger('AccountArchive');

  constructor(private readonly bus: Bus) {}

  async send(caller: CallerContext, res: Response): Promise<void> {
    const archive = new ArchiveWriter(responseSink(res));
    const manifest: ArchiveManifest = {
      format: 'live-translation-rooms-archive',
      version: 1,
      created_at: new Date().toISOString(),
      user_id: caller.userId,
      sections: [],
    };
    try {
      for (const section of ARCHIVE_SECTIONS) {
        if (res.destroyed) return;
        const from = archive.paths.length;
        await section.write({ caller, bus: this.bus, archive });
        manifest.sections.push({ name: section.name, description: section.description, files: archive.paths.slice(from) });
      }
      await archive.json('manifest.json', manifest);
      await archive.end();
    } catch (error) {
      if (!archive.sending) throw error;
      this.logger.warn(`archive of user ${caller.userId} cut short: ${(error as Error).message}`);
      res.destroy();
    }
  }
}
