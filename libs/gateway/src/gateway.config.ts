export const GATEWAY_ENV = Symbol('GATEWAY_ENV');

export interface GatewayConfig {
  /** Origins allowed to open sockets besides the same origin and localhost. */
  allowedOrigins: string[];
  /** The public base URL used in links; the request's own origin when absent. */
  publicUrl?: string;
}
