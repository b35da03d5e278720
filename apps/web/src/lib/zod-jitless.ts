import { config } from 'zod/v4/core';

/**
 * The page runs under a Content-Security-Policy without 'unsafe-eval': zod must neither compile its parsers
 * with `new Function` nor probe whether it may (the probe alone is reported as a violation). Imported first
 * in main.tsx, before any schema is built. Only zod's settings are loaded here: the schemas, and zod with them,
 * come with the pages that validate (the viewer page validates nothing and loads no zod).
 */
config({ jitless: true });
