// Header names the web and the gateway share; no schema here, so the viewer page reads them without loading zod.

/** The host page's credential on its calls: a header, so it never lands in a URL or an access log. */
export const HOST_KEY_HEADER = 'x-host-key';

/**
 * The header in which a browser names itself on a viewer's calls (summary, audio): a random id it keeps. A
 * venue's audience shares one address, so these calls are limited per client id and per room, not per address.
 */
export const CLIENT_ID_HEADER = 'X-Client-Id';
