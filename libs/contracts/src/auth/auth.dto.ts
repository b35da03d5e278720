import { z } from 'zod';
import { LIMITS } from '../constants';
import { cleanText } from '../text';
import { interfaceLocaleSchema } from './auth.response';

/** The auth server's messages: the English `message` of auth error bodies (the web shows the text of the code). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid login credentials',
  alreadyRegistered: 'User already registered',
  emailNotConfirmed: 'Email not confirmed',
  missingCredentials: 'You must provide either an email or phone number and a password',
  noUser: 'No authenticated user',
  weakPassword: `Password should be at least ${LIMITS.passwordMin} characters`,
  tooManyAttempts: 'Too many sign-in attempts. Please wait a while and try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  invalidRefreshToken: 'Invalid Refresh Token',
  invalidIdToken: 'Invalid ID token',
  socialNotConfigured: 'Social sign-in is not configured',
} as const;

const email = cleanText('Email')
  .trim()
  .toLowerCase()
  .email('Invalid email')
  .max(320)
  .meta({ examples: ['ana@example.com'] });
/**
 * Passwords alone may hold control characters: they are only hashed, never stored or shown as text, and
 * refusing them now would lock out whoever chose one before.
 */
const password = z.string().min(LIMITS.passwordMin, AUTH_MESSAGES.weakPassword).max(200);
const name = cleanText('Name').trim().max(100);

/** Whether both e-mail and password were sent: without them the auth routes answer `missingCredentials` before any field rule. */
export const credentialsPresent = (body: unknown): boolean => {
  const b = (body ?? {}) as Record<string, unknown>;
  return typeof b.email === 'string' && b.email.trim() !== '' && typeof b.password === 'string' && b.password !== '';
};

export const signupBodySchema = z.object({ email, password, name: name.optional() }).strict();
export const passwordGrantBodySchema = z.object({ email, password: z.string().min(1).max(200) }).strict();
export const refreshGrantBodySchema = z.object({ refresh_token: cleanText('Refresh token').min(20).max(200) }).strict();
export const socialProviderSchema = z.enum(['google', 'apple']);
export const idTokenGrantBodySchema = z
  .object({ provider: socialProviderSchema, id_token: cleanText('ID token').min(20).max(8192) })
  .strict();
export const grantTypeSchema = z.enum(['password', 'refresh_token', 'id_token']);
export const recoverBodySchema = z.object({ email }).strict();
/** `GET /api/auth/verify`: the link in recovery and confirmation mails. */
export const verifyLinkQuerySchema = z.object({ token: cleanText('Token').min(20).max(200), type: z.enum(['recovery', 'signup']) });
export const updateUserBodySchema = z
  .object({ name: name.optional(), email: email.optional(), password: password.optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.email !== undefined || b.password !== undefined, 'Nothing to update');

/** `PATCH /api/profile`: the caller's own settings. */
export const updateProfileBodySchema = z.object({ locale: interfaceLocaleSchema }).strict();

export type SignupBody = z.infer<typeof signupBodySchema>;
export type PasswordGrantBody = z.infer<typeof passwordGrantBodySchema>;
export type RefreshGrantBody = z.infer<typeof refreshGrantBodySchema>;
export type IdTokenGrantBody = z.infer<typeof idTokenGrantBodySchema>;
export type SocialProvider = z.infer<typeof socialProviderSchema>;
export type GrantType = z.infer<typeof grantTypeSchema>;
export type RecoverBody = z.infer<typeof recoverBodySchema>;
export type VerifyLinkQuery = z.infer<typeof verifyLinkQuerySchema>;
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;
