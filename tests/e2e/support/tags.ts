/**
 * A test that checks only what the browser shows (accessibility scans, layout at phone and laptop sizes, reading
 * settings, the interface language, the API docs page): the web app is the same in both modes, so it runs in the
 * `embedded` project only. The `distributed` project leaves these out (`grepInvert` in playwright.config.ts); every
 * test that goes through the services stays untagged and runs in both.
 */
export const UI = { tag: '@ui' } as const;
