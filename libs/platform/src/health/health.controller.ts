import { Controller, Get, HttpCode, Injectable, Module, ServiceUnavailableException } from '@nestjs/common';

/** Whether the process has finished starting (migrations run, bus bound) and may take traffic. */
@Injectable()
export class Readiness {
  private ready = false;
  markReady(): void {
    this.ready = true;
  }
  isReady(): boolean {
    return this.ready;
  }
}

@Controller()
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  @Get('healthz')
  @HttpCode(200)
  healthz() {
    if (!this.readiness.isReady()) throw new ServiceUnavailableException({ status: 'starting' });
    return { status: 'ok' };
  }

  @Get('readyz')
  readyz() {
    return this.healthz();
  }
}

@Module({ controllers: [HealthController], providers: [Readiness], exports: [Readiness] })
export class HealthModule {}
