/**
 * A test that checks only what the browser shows (accessibility scans, layout at phone and laptop sizes, reading
 * settings, the interface language, the API docs page): the web app is the same in both modes, so it runs in one
 * project only, the `embedded` one (`grepInvert` in playwright.config.ts); every test that goes through the
 * services stays untagged and runs in both.
 */
export const UI = { tag: '@ui' } as const;

/**
 * The same, run by the `distributed` project instead. The two projects run side by side, one worker each: the
 * longest of these (the accessibility scans, some ten minutes on a busy machine) go there so that both finish
 * at about the same time.
 */
export const UI_ON_DISTRIBUTED = { tag: '@ui-distributed' } as const;
