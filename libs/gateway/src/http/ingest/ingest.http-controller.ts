import { Controller, Get, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  INGEST_SUBJECTS,
  ingestUrls,
  roomIdParamsSchema,
  type FeedStatus,
  type HostAccess,
  type IngestKeyResponse,
  type IngestResponse,
  type RoomIdParams,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import { Access, HostAccessGuard } from '../../auth/host-access.guard';
import { GATEWAY_ENV, type GatewayConfig } from '../../gateway.config';
import { publicOrigin } from '../pipeline/public-origin';
import { ValidParams } from '../pipeline/valid-input';

/** The ingest answers from memory; a page must not wait on an ingest that is away. */
const FEED_STATUS_TIMEOUT_MS = 1000;

/**
 * A room's venue feed for its owner (the dashboard) or a host-key holder (the host page): where the AV desk
 * sends it, and a new stream key. rooms-svc checks the caller against the room on every call.
 */
@Controller('api')
@UseGuards(HostAccessGuard)
export class IngestHttpController {
  constructor(
    private readonly bus: Bus,
    @Inject(GATEWAY_ENV) private readonly config: GatewayConfig,
  ) {}

  @Get('rooms/:roomId/ingest')
  async get(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @Access() access: HostAccess,
    @Req() req: Request,
  ): Promise<IngestResponse> {
    const key = await this.bus.request(INGEST_SUBJECTS.read, { roomId, access });
    return { ...(await this.describe(roomId, req)), has_key: key.hasKey, key_created_at: key.createdAt };
  }

  /** A new key; the old one stops working at once and its publisher is cut. */
  @Post('rooms/:roomId/ingest/rotate')
  @HttpCode(200)
  async rotate(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @Access() access: HostAccess,
    @Req() req: Request,
  ): Promise<IngestKeyResponse> {
    const { key, createdAt } = await this.bus.request(INGEST_SUBJECTS.rotate, { roomId, access });
    const described = await this.describe(roomId, req);
    return {
      ...described,
      has_key: true,
      key_created_at: createdAt,
      key,
      ...ingestUrls(described.srt_address, described.rtmp_address, key),
    };
  }

  private async describe(roomId: string, req: Request): Promise<Omit<IngestResponse, 'has_key' | 'key_created_at'>> {
    const enabled = this.config.INGEST_ENABLED;
    const host = enabled ? this.ingestHost(req) : null;
    const rtmpPort = this.config.INGEST_RTMP_PORT;
    return {
      room_id: roomId,
      enabled,
      srt_address: host ? `srt://${host}:${this.config.INGEST_SRT_PORT}` : null,
      rtmp_address: host && rtmpPort ? `rtmp://${host}:${rtmpPort}/live` : null,
      feed: enabled ? await this.feed(roomId) : null,
    };
  }

  private ingestHost(req: Request): string | null {
    if (this.config.INGEST_PUBLIC_HOST) return this.config.INGEST_PUBLIC_HOST;
    try {
      return new URL(publicOrigin(req, this.config)).hostname;
    } catch {
      return null;
    }
  }

  private feed(roomId: string): Promise<FeedStatus | null> {
    return this.bus.request(INGEST_SUBJECTS.status, { roomId }, { timeoutMs: FEED_STATUS_TIMEOUT_MS }).catch(() => null);
  }
}
