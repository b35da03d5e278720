import { z } from 'zod';

/**
 * The page runs under a Content-Security-Policy without 'unsafe-eval': zod must neither compile its parsers
 * with `new Function` nor probe whether it may (the probe alone is reported as a violation). Imported first
 * in main.tsx, before any schema is built.
 */
z.config({ jitless: true });
