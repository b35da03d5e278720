import { expect } from '@playwright/test';
import type { CaughtMail } from '@lt/testing';
import { E2E } from '../ports.mjs';

/** The SMTP catcher's HTTP side (tests/e2e/serve.mjs smtp); one catcher serves both product processes. */
export const MAIL = `http://127.0.0.1:${E2E.mailHttpPort}`;

export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const res = await fetch(`${MAIL}/__mails?to=${encodeURIComponent(address)}`);
  if (!res.ok) throw new Error(`SMTP catcher answered ${res.status}`);
  return (await res.json()) as CaughtMail[];
}

/** Waits until `address` has received `count` mails and returns the latest. */
export async function waitForMail(address: string, count = 1, timeout = 15_000): Promise<CaughtMail> {
  await expect
    .poll(async () => (await mailsTo(address)).length, { timeout, message: `a mail to ${address}` })
    .toBeGreaterThanOrEqual(count);
  const mails = await mailsTo(address);
  return mails[mails.length - 1];
}

/** Every http(s) link in a mail: the plain-text body first, then the HTML hrefs. */
export function linksIn(mail: CaughtMail): string[] {
  const fromText = mail.text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  const fromHtml = [...(mail.html ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  return [...new Set([...fromText, ...fromHtml].map((link) => link.replace(/[).,;:!?]+$/, '')))];
}
