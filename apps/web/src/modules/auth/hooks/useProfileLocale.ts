import type { ProfileResponse, UpdateProfileBody } from '@lt/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../i18n/i18n-context';
import { useLocale } from '../../../i18n/useLocale';
import type { AuthClient } from '../auth-client';
import { useAuth } from './useAuth';

/** Keeps the interface language on the signed-in user's profile; the profile answers it as it is now. */
async function saveProfileLocale(client: AuthClient, locale: Locale): Promise<void> {
  const body: UpdateProfileBody = { locale };
  await client.request<ProfileResponse>('/api/profile', { method: 'PATCH', body: JSON.stringify(body) });
  await client.reloadProfile();
}

/**
 * The profile's language applies when a user signs in (or their profile changes elsewhere); a profile without
 * one leaves the language of this browser as it is. Answers the language the page was in before the profile
 * switched it (null when it did not), so that the page can say so and offer it back.
 */
export function useProfileLocaleSync(): { switchedFrom: Locale | null; dismiss: () => void } {
  const { profile } = useAuth();
  const { locale, setLocale } = useLocale();
  const seen = useRef<string | null>(null);
  const [switchedFrom, setSwitchedFrom] = useState<Locale | null>(null);

  useEffect(() => {
    if (!profile) {
      seen.current = null;
      return;
    }
    const key = `${profile.id}:${profile.locale ?? ''}`;
    if (seen.current === key) return;
    seen.current = key;
    if (profile.locale && profile.locale !== locale) {
      setSwitchedFrom(locale);
      setLocale(profile.locale);
    }
  }, [profile, locale, setLocale]);
  useEffect(() => {
    if (!profile) setSwitchedFrom(null);
  }, [profile]);
  return { switchedFrom, dismiss: useCallback(() => setSwitchedFrom(null), []) };
}

/** What the language switcher does: this browser remembers the choice, and so does a signed-in user's profile. */
export function useChooseLocale(): (next: Locale) => void {
  const { session, client } = useAuth();
  const { setLocale } = useLocale();
  return useCallback(
    (next: Locale) => {
      setLocale(next);
      if (session) void saveProfileLocale(client, next).catch(() => undefined);
    },
    [session, client, setLocale],
  );
}
