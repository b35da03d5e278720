import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ANALYTICS_SUBJECTS, LIVE_SUBJECTS, type BusPayload } from '@lt/contracts';
import { OnEvent, OnRequest } from '@lt/platform';
import { AnalyticsService } from './analytics.service';

@Controller()
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  /** Every replica keeps the whole audience: no queue group. */
  @OnEvent(LIVE_SUBJECTS.presence)
  presence(@Payload() event: BusPayload<typeof LIVE_SUBJECTS.presence>) {
    this.analytics.presence(event);
  }

  @OnRequest(ANALYTICS_SUBJECTS.record)
  record(@Payload() request: BusPayload<typeof ANALYTICS_SUBJECTS.record>) {
    return this.analytics.record(request.minutes);
  }

  @OnRequest(ANALYTICS_SUBJECTS.room)
  room(@Payload() request: BusPayload<typeof ANALYTICS_SUBJECTS.room>) {
    return this.analytics.room(request.roomId, request.access);
  }

  @OnRequest(ANALYTICS_SUBJECTS.live)
  live(@Payload() request: BusPayload<typeof ANALYTICS_SUBJECTS.live>) {
    return this.analytics.live(request.roomId, request.access);
  }

  @OnRequest(ANALYTICS_SUBJECTS.all)
  all(@Payload() request: BusPayload<typeof ANALYTICS_SUBJECTS.all>) {
    return this.analytics.all(request.days);
  }
}
