import { Controller, Get, Module, UseFilters } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { HealthCheck, HealthCheckService, TerminusModule } from '@nestjs/terminus';
import { HealthCheckFailureFilter } from './health-check.filter';
import { ReadinessIndicators } from './health.indicators';
import { Readiness } from './readiness';

// Start-up code imports Readiness along with the module that provides it.
export { Readiness } from './readiness';

/** Probes in terminus' format: 200 `{"status":"ok",…}`, or 503 `{"status":"error",…}` naming what is down. */
@Controller()
@UseFilters(HealthCheckFailureFilter)
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: ReadinessIndicators,
  ) {}

  /** Liveness: answering is the whole check, since restarting the process would not bring a dependency back. */
  @Get('healthz')
  @HealthCheck()
  healthz() {
    return this.health.check([]);
  }

  @Get('readyz')
  @HealthCheck()
  readyz() {
    return this.health.check(this.indicators.all());
  }
}

/** /healthz and /readyz; imported by every process' root module, next to BusModule. */
@Module({
  imports: [TerminusModule.forRoot(), DiscoveryModule],
  controllers: [HealthController],
  providers: [Readiness, ReadinessIndicators],
  exports: [Readiness],
})
export class HealthModule {}
