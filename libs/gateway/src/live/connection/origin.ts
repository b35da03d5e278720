/**
 * Whether a socket from `origin` may connect: same origin as the request's host, any localhost, or an
 * origin on the allowlist. Clients that send no Origin (not browsers) are not cross-site and pass.
 */
export function isOriginAllowed(origin: string | undefined, host: string | undefined, allowlist: string[]): boolean {
  if (!origin) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (host && url.host === host) return true;
  if (['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return true;
  return allowlist.some((allowed) => new URL(allowed).origin === url.origin);
}
