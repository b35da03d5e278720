import type { Page } from '@playwright/test';

/** Every Content-Security-Policy violation the page reports, from the DOM event and the console, as it happens. */
export async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (what: string) => violations.push(what));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation(w: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}
