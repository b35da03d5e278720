import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { GatewayErrorCode, type ArchiveManifest, type CallerContext } from '@lt/contracts';
import { Bus, DomainException } from '@lt/platform';
import { GATEWAY_ENV, type GatewayConfig } from '../../gateway.config';
import { ARCHIVE_SECTIONS } from './archive-sections';
import { ArchiveWriter } from './archive-writer';
import { ArchiveAborted, responseSink } from './response-sink';

/**
 * The owner's archive: every section in turn writes its files into one ZIP streamed to the caller, then
 * `manifest.json` says which files each section wrote. An error before the first byte answers as any error does;
 * after it, the download is cut short (the browser reports it failed) rather than ending as a complete archive.
 */
@Injectable()
export class AccountArchive {
  private readonly logger = new Logger('AccountArchive');
  /** The users whose archive is being written now: one at a time each. */
  private readonly writing = new Set<string>();

  constructor(
    private readonly bus: Bus,
    @Inject(GATEWAY_ENV) private readonly config: GatewayConfig,
  ) {}

  /** Archives being written now (what an aborted download must not leave behind). */
  get open(): number {
    return this.writing.size;
  }

  async send(caller: CallerContext, res: Response): Promise<void> {
    if (this.writing.has(caller.userId)) {
      throw new DomainException(GatewayErrorCode.ArchiveInProgress, 'Your archive is being downloaded already: one download at a time');
    }
    this.writing.add(caller.userId);
    try {
      await this.write(caller, res);
    } finally {
      this.writing.delete(caller.userId);
    }
  }

  private async write(caller: CallerContext, res: Response): Promise<void> {
    const deadline = Date.now() + this.config.ACCOUNT_ARCHIVE_TIMEOUT_MS;
    const archive = new ArchiveWriter(responseSink(res, deadline));
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
        if (Date.now() > deadline) throw new ArchiveAborted('the download took too long');
        const from = archive.paths.length;
        await section.write({ caller, bus: this.bus, archive });
        manifest.sections.push({ name: section.name, description: section.description, files: archive.paths.slice(from) });
      }
      await archive.json('manifest.json', manifest);
      await archive.end();
    } catch (error) {
      if (!archive.sending && !(error instanceof ArchiveAborted)) throw error;
      this.logger.warn(`archive of user ${caller.userId} cut short: ${(error as Error).message}`);
      res.destroy();
    }
  }
}
