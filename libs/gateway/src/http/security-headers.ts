import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { keycloakOf, type GatewayConfig } from '../gateway.config';

/**
 * Pages other sites may show in a frame: the viewer room and its caption overlay (`/view/:id/captions`, for
 * streaming software and event pages). Every other response forbids framing.
 */
export const FRAMEABLE_PAGE = /^\/view\/[^/]+(\/captions)?\/?$/;

/** The Keycloak origin the sign-in code talks to and may frame, when Google / Apple sign-in is configured. */
function keycloakOrigins(config: GatewayConfig): string[] {
  const keycloak = keycloakOf(config);
  if (!keycloak) return [];
  try {
    return [new URL(keycloak.url).origin];
  } catch {
    return [];
  }
}

function headersFor(config: GatewayConfig, frameable: boolean): RequestHandler {
  const keycloak = keycloakOrigins(config);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // The built page has no inline styles; React sets `style` through the DOM, which CSP allows.
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        // 'self' covers the page's own ws: / wss: socket.
        connectSrc: ["'self'", ...keycloak],
        frameSrc: keycloak.length ? keycloak : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...keycloak],
        ...(frameable ? {} : { frameAncestors: ["'none'"] }),
      },
    },
    xFrameOptions: frameable ? false : { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xContentTypeOptions: true,
    xPoweredBy: true,
  });
}

/** Helmet's headers on every response: the CSP, no framing except the caption page, nosniff, a strict referrer. */
export function securityHeaders(config: GatewayConfig): RequestHandler {
  const strict = headersFor(config, false);
  const frameable = headersFor(config, true);
  return (req: Request, res: Response, next: NextFunction) =>
    (req.method === 'GET' && FRAMEABLE_PAGE.test(req.path) ? frameable : strict)(req, res, next);
}

/** A header as `setHeader` takes it. */
export type HeaderValue = string | number | readonly string[];

/**
 * The headers `securityHeaders` gives an API response, recorded once from helmet itself: for the answers
 * written at the HTTP server, before express (the summary fast lane), which must carry the same ones.
 */
export function apiSecurityHeaders(config: GatewayConfig): [string, HeaderValue][] {
  const recorded = new Map<string, [string, HeaderValue]>();
  const res = {
    setHeader: (name: string, value: HeaderValue) => void recorded.set(name.toLowerCase(), [name, value]),
    removeHeader: (name: string) => void recorded.delete(name.toLowerCase()),
    getHeader: (name: string) => recorded.get(name.toLowerCase())?.[1],
  };
  let done = false;
  headersFor(config, false)({ method: 'POST', path: '/api', headers: {} } as Request, res as unknown as Response, () => (done = true));
  if (!done) throw new Error('the security headers could not be recorded');
  return [...recorded.values()];
}
