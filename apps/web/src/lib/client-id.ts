import { CLIENT_ID_HEADER } from '@lt/contracts';
import { readStorage, writeStorage } from './storage';

export const CLIENT_ID_STORAGE_KEY = 'lt.clientId';
const VALID = /^[A-Za-z0-9_-]{8,64}$/;

let current: string | null = null;

/** 32 random hex digits; crypto.randomUUID exists only on https and localhost, getRandomValues everywhere. */
function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * This browser's random id, kept across visits. A venue's audience shares one address (conference Wi-Fi),
 * so the server limits a viewer's summaries and audio per this id rather than per address.
 */
export function clientId(): string {
  if (current) return current;
  const kept = readStorage(CLIENT_ID_STORAGE_KEY);
  current = kept && VALID.test(kept) ? kept : randomId();
  if (current !== kept) writeStorage(CLIENT_ID_STORAGE_KEY, current);
  return current;
}

/** The header that names this browser on a viewer's calls. */
export function clientIdHeaders(): Record<string, string> {
  return { [CLIENT_ID_HEADER]: clientId() };
}
