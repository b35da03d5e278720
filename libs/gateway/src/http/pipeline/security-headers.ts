import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { keycloakOf, type GatewayConfig } from '../../gateway.config';

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
