import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { HealthIndicatorService, type HealthIndicatorFunction } from '@nestjs/terminus';
import { Bus } from '../bus/bus-client';
import { ServiceDatabase } from '../database/data-source';
import { Readiness } from './readiness';

/** A stuck connection attempt must not hold the probe past its own timeout (Kubernetes' default is 1 s). */
const DATABASE_PING_TIMEOUT_MS = 900;

/**
 * What must hold for the process to take traffic: start-up finished, the bus connected, and every database
 * its service modules opened (found in the application, so a process checks exactly the ones it has).
 */
@Injectable()
export class ReadinessIndicators implements OnModuleInit {
  private databases: ServiceDatabase[] = [];

  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly readiness: Readiness,
    private readonly bus: Bus,
    private readonly discovery: DiscoveryService,
  ) {}

  onModuleInit(): void {
    const instances = this.discovery.getProviders().map((wrapper) => wrapper.instance as unknown);
    this.databases = [...new Set(instances.filter((i): i is ServiceDatabase => i instanceof ServiceDatabase))];
  }

  all(): HealthIndicatorFunction[] {
    return [() => this.startup(), () => this.busConnection(), ...this.databases.map((db) => () => this.database(db))];
  }

  private startup() {
    const check = this.indicators.check('startup');
    return this.readiness.isReady() ? check.up() : check.down('starting');
  }

  private busConnection() {
    const check = this.indicators.check('bus');
    return this.bus.isConnected() ? check.up() : check.down('not connected');
  }

  private async database(db: ServiceDatabase) {
    const check = this.indicators.check(`database:${db.schema}`);
    try {
      await db.ping(DATABASE_PING_TIMEOUT_MS);
      return check.up();
    } catch (error) {
      return check.down(error instanceof Error ? error.message : String(error));
    }
  }
}
