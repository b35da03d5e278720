import { z } from 'zod';

const timestamp = z.iso.datetime().meta({ examples: ['2025-05-01T09:30:00.000Z'] });
const id = z.uuid().meta({ examples: ['3f0c2a9e-5b1d-4c7a-9e2f-6d8b1a4c7e90'] });
const email = z.string().meta({ examples: ['ana@example.com'] });

/** The signed-in user: e-mail and metadata name and full_name (the e-mail's local part by default). */
export const authUserSchema = z
  .object({
    id,
    email,
    email_confirmed_at: timestamp.nullable(),
    user_metadata: z.object({ name: z.string(), full_name: z.string() }),
    created_at: timestamp,
  })
  .meta({ id: 'AuthUser', description: 'The signed-in user' });

/** A session: a 1-hour JWT access token and an opaque, single-use refresh token. */
export const authSessionSchema = z
  .object({
    access_token: z.string().describe('EdDSA-signed JWT; send it as `Authorization: Bearer <token>`'),
    token_type: z.literal('bearer'),
    expires_in: z.int().meta({ description: 'Seconds the access token is valid', examples: [3600] }),
    expires_at: z.int().meta({ description: 'Unix seconds', examples: [1746095400] }),
    refresh_token: z.string().describe('Opaque; spent by its first use (`grant_type=refresh_token`)'),
    user: authUserSchema,
  })
  .meta({ id: 'AuthSession', description: 'A 1-hour access token and a single-use refresh token' });

export const signupResponseSchema = z
  .object({
    user: authUserSchema,
    session: authSessionSchema.nullable().describe('null while the e-mail confirmation is pending'),
  })
  .meta({ id: 'SignupResponse' });

export const planTypeSchema = z.enum(['free', 'premium']);
export const userRoleSchema = z.enum(['user', 'admin']);
/** The languages the web interface is written in (not the languages captions are read in). */
export const interfaceLocaleSchema = z.enum(['en', 'es']).meta({ id: 'InterfaceLocale', description: 'A language of the web interface' });

/** `GET /api/profile`: the user's profile (plan, quota, role), plus what is left of the quota. */
export const profileResponseSchema = z
  .object({
    id,
    email,
    name: z.string().nullable(),
    plan_type: planTypeSchema,
    token_quota: z.int().meta({ examples: [10000] }),
    tokens_used: z.int().meta({ examples: [1200] }),
    tokens_remaining: z.int().meta({ examples: [8800] }),
    role: userRoleSchema,
    locale: interfaceLocaleSchema.nullable().describe('The interface language the user chose; null until they choose one'),
    last_reset: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'Profile', description: "The caller's profile: plan, role and what is left of the token quota" });

/** `/config.json`: public settings only. */
export const publicConfigSchema = z
  .object({
    languages: z.array(z.string()),
    limits: z.object({ roomNameMax: z.int().meta({ examples: [50] }) }),
    keycloak: z
      .object({ url: z.string(), realm: z.string(), clientId: z.string() })
      .nullable()
      .describe('Keycloak for Google / Apple sign-in; null when not configured'),
  })
  .meta({ id: 'PublicConfig', description: 'Public settings of the web app; never a secret' });

export type AuthUser = z.infer<typeof authUserSchema>;
export type AuthSession = z.infer<typeof authSessionSchema>;
export type SignupResponse = z.infer<typeof signupResponseSchema>;
export type PlanType = z.infer<typeof planTypeSchema>;
export type UserRole = z.infer<typeof userRoleSchema>;
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
export type InterfaceLocale = z.infer<typeof interfaceLocaleSchema>;
export type PublicConfig = z.infer<typeof publicConfigSchema>;
