import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  ANALYTICS_SUBJECTS,
  analyticsCsvName,
  analyticsCsvQuerySchema,
  type AnalyticsCsvQuery,
  encodeAnalyticsCsv,
  roomIdParamsSchema,
  type AnalyticsReport,
  type HostAccess,
  type LiveAnalytics,
  type RoomIdParams,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import { AdminGuard } from '../../auth/admin.guard';
import { AuthGuard } from '../../auth/auth.guard';
import { Access, HostAccessGuard } from '../../auth/host-access.guard';
import { ValidParams, ValidQuery } from '../pipeline/valid-input';

/** The admin panel's figures span this many days. */
export const ADMIN_ANALYTICS_DAYS = 30;

function csv(res: Response, report: AnalyticsReport, { table }: AnalyticsCsvQuery): string {
  const name = analyticsCsvName(report, table);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  return encodeAnalyticsCsv(report, table);
}

/**
 * A room's analytics for its owner (the dashboard, with the session) or whoever holds its host key (the host
 * page's panel, `X-Host-Key`); rooms-svc checks either against the room. Another's room answers 404.
 */
@Controller('api')
@UseGuards(HostAccessGuard)
export class RoomAnalyticsHttpController {
  constructor(private readonly bus: Bus) {}

  @Get('rooms/:roomId/analytics')
  report(@ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams, @Access() access: HostAccess): Promise<AnalyticsReport> {
    return this.bus.request(ANALYTICS_SUBJECTS.room, { roomId, access });
  }

  @Get('rooms/:roomId/analytics.csv')
  async export(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @Access() access: HostAccess,
    @ValidQuery(analyticsCsvQuerySchema) query: AnalyticsCsvQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    return csv(res, await this.bus.request(ANALYTICS_SUBJECTS.room, { roomId, access }), query);
  }

  @Get('rooms/:roomId/analytics/live')
  live(@ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams, @Access() access: HostAccess): Promise<LiveAnalytics> {
    return this.bus.request(ANALYTICS_SUBJECTS.live, { roomId, access });
  }
}

/** Every room's analytics per day over the last 30 days: role admin. */
@Controller('api/admin')
@UseGuards(AuthGuard, AdminGuard)
export class AdminAnalyticsHttpController {
  constructor(private readonly bus: Bus) {}

  @Get('analytics')
  report(): Promise<AnalyticsReport> {
    return this.bus.request(ANALYTICS_SUBJECTS.all, { days: ADMIN_ANALYTICS_DAYS });
  }

  @Get('analytics.csv')
  async export(@ValidQuery(analyticsCsvQuerySchema) query: AnalyticsCsvQuery, @Res({ passthrough: true }) res: Response): Promise<string> {
    return csv(res, await this.bus.request(ANALYTICS_SUBJECTS.all, { days: ADMIN_ANALYTICS_DAYS }), query);
  }
}
