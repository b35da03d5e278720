export * from './gateway.module';
export * from './gateway.config';
export * from './live/live.gateway';
export * from './web-app';
export * from './prepare-gateway';
export * from './gateway.env';
export * from './live/live-rooms';
export * from './http/openapi/openapi.document';
export { SummaryRateLimitGuard } from './auth/ip-rate-limiter.guard';
