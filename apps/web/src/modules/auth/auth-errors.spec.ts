import { AUTH_MESSAGES } from '@lt/contracts';
import { translate } from '../../i18n/translate';
import { ApiError } from '../../lib/http';
import {
  passwordUpdateErrorText,
  resetErrorText,
  signInErrorText,
  socialErrorText,
  socialUnavailableText,
} from './auth-errors';

const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('es', key, params);
const fromServer = (message: string, status = 400) => new ApiError(status, 'auth_error', message);

describe('sign-in and sign-up errors', () => {
  it.each([
    ['Invalid login credentials', 'The email or password you entered is incorrect. Please double-check your credentials.'],
    ['User already registered', 'This email is already registered. Please sign in or use a different email.'],
    ['Database error saving new user', 'There was a problem creating your account. Please try again in a moment.'],
    ['Database error', 'There was a problem creating your account. Please try again in a moment.'],
    ['Email not confirmed', 'Please check your email and click the confirmation link before signing in.'],
    ['Too many sign-in attempts. Please wait a while and try again.', 'Too many sign-in attempts. Please wait a while and try again.'],
    [AUTH_MESSAGES.missingCredentials, 'You must provide either an email or phone number and a password'],
  ])('%s', (server, shown) => {
    expect(signInErrorText(fromServer(server), t)).toBe(shown);
  });

  it('falls back to the generic text when there is no message', () => {
    expect(signInErrorText(new ApiError(0, 'network', ''), t)).toBe('An unexpected error occurred. Please try again.');
    expect(signInErrorText(undefined, t)).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('reset errors', () => {
  it.each([
    ['Email not confirmed', 'Por favor, confirma tu email antes de restablecer la contraseña.'],
    ['User not found', 'No encontramos una cuenta con este email.'],
    ['Too many requests. Please wait a moment and try again.', 'Too many requests. Please wait a moment and try again.'],
    ['', 'Error enviando el email de restablecimiento'],
  ])('%s', (server, shown) => {
    expect(resetErrorText(fromServer(server), t)).toBe(shown);
  });
});

describe('social errors', () => {
  it('shows the raw message, else the provider fallback', () => {
    expect(socialErrorText(fromServer('Invalid ID token', 401), 'google', t)).toBe('Invalid ID token');
    expect(socialErrorText(new ApiError(0, 'network', ''), 'google', t)).toBe('Google sign in failed');
    expect(socialErrorText(new Error(''), 'apple', t)).toBe('Apple sign in failed');
  });

  it('reads OAuth error objects thrown by keycloak-js', () => {
    expect(socialErrorText({ error: 'access_denied', error_description: 'User cancelled' }, 'google', t)).toBe('User cancelled');
    expect(socialErrorText({ error: 'access_denied' }, 'apple', t)).toBe('access_denied');
  });

  it('names the provider and the reason when social sign-in is not configured', () => {
    expect(socialUnavailableText('google', t)).toBe('Google sign in failed: Social sign-in is not configured');
    expect(socialUnavailableText('apple', t)).toBe('Apple sign in failed: Social sign-in is not configured');
  });
});

describe('password update errors', () => {
  it('shows the server message, else the Spanish fallback', () => {
    expect(passwordUpdateErrorText(fromServer('Password should be at least 6 characters'), t)).toBe(
      'Password should be at least 6 characters',
    );
    expect(passwordUpdateErrorText(new ApiError(500, 'internal', ''), t)).toBe('Error al actualizar la contraseña');
  });
});
