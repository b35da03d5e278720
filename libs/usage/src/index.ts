import type { Provider } from '@nestjs/common';
import { ANALYTICS_FLUSH_MS, AnalyticsRelay } from './analytics-relay';
import { BusUsageMeter } from './bus-usage-meter';
import { UsageMeter } from './usage-meter';

export * from './analytics-relay';
export * from './bus-usage-meter';
export * from './minute-counter';
export * from './usage-meter';
export * from './usage-outbox';
export * from './usage-rooms.controller';

/** What a service that meters its calls provides: `UsageMeter` (the token its code injects), metered over the bus. */
export const usageMeterProvider = { provide: UsageMeter, useExisting: BusUsageMeter };

/** The analytics relay of a service, sending once per the ANALYTICS_FLUSH_MS of the service's settings. */
export const analyticsRelayProviders = (env: { ANALYTICS_FLUSH_MS: number }): Provider[] => [
  AnalyticsRelay,
  { provide: ANALYTICS_FLUSH_MS, useValue: env.ANALYTICS_FLUSH_MS },
];
