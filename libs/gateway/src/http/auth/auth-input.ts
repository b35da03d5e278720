import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import {
  AUTH_MESSAGES,
  credentialsPresent,
  GatewayErrorCode,
  grantTypeSchema,
  idTokenGrantBodySchema,
  passwordGrantBodySchema,
  refreshGrantBodySchema,
  signupBodySchema,
  type IdTokenGrantBody,
  type PasswordGrantBody,
  type RefreshGrantBody,
  type SignupBody,
} from '@lt/contracts';
import { DomainException } from '@lt/platform';

/** Missing e-mail or password answers the auth server's own message before any field rule. */
function requireCredentials(body: unknown): void {
  if (!credentialsPresent(body)) throw new DomainException(GatewayErrorCode.ValidationFailed, AUTH_MESSAGES.missingCredentials);
}

export type TokenGrant =
  | { grantType: 'password'; body: PasswordGrantBody }
  | { grantType: 'refresh_token'; body: RefreshGrantBody }
  | { grantType: 'id_token'; body: IdTokenGrantBody };

/** `POST /api/auth/token`: the grant type in the query chooses the body's schema. */
function tokenGrantOf(grantType: unknown, body: unknown): TokenGrant {
  switch (grantTypeSchema.parse(grantType)) {
    case 'password':
      requireCredentials(body);
      return { grantType: 'password', body: passwordGrantBodySchema.parse(body) };
    case 'refresh_token':
      return { grantType: 'refresh_token', body: refreshGrantBodySchema.parse(body) };
    case 'id_token':
      return { grantType: 'id_token', body: idTokenGrantBodySchema.parse(body) };
  }
}

const requestOf = (context: ExecutionContext) => context.switchToHttp().getRequest<Request>();

/**
 * The sign-up body, validated before the handler runs (after the guards, as a pipe would be): missing
 * credentials first, then the field rules.
 */
export const SignupInput = createParamDecorator((_: unknown, context: ExecutionContext): SignupBody => {
  const { body } = requestOf(context);
  requireCredentials(body);
  return signupBodySchema.parse(body);
});

/** The token grant, validated before the handler runs: its type from the query, its body by that type's schema. */
export const TokenGrantInput = createParamDecorator((_: unknown, context: ExecutionContext): TokenGrant => {
  const request = requestOf(context);
  return tokenGrantOf(request.query.grant_type, request.body);
});
