import { UsageMeter } from '@lt/platform';
import { BusUsageMeter } from './bus-usage-meter';

export * from './bus-usage-meter';
export * from './usage-outbox';
export * from './usage-rooms.controller';

/** What a service that meters its calls provides: `UsageMeter` (the token its code injects), metered over the bus. */
export const usageMeterProvider = { provide: UsageMeter, useExisting: BusUsageMeter };
export * from './analytics-relay';
