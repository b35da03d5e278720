import type { AuthUser, ProfileResponse } from '@lt/contracts';

/** Profile name, else the part of the e-mail before the at sign; null when neither exists. */
export function displayName(profile: ProfileResponse | null, user: AuthUser | null): string | null {
  const name = profile?.name?.trim();
  if (name) return name;
  const local = (user?.email ?? profile?.email ?? '').split('@')[0]?.trim();
  return local || null;
}
