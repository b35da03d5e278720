import { AUTH_MESSAGES } from '@lt/contracts';
import { translate } from '../../i18n/translate';
import { ApiError } from '../../lib/http';
import { passwordUpdateErrorText, resetErrorText, signInErrorText, socialErrorText, socialUnavailableText } from './auth-errors';

const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('en', key, params);
const tEs = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('es', key, params);
const fromServer = (message: string, status = 400, code = 'auth_error') => new ApiError(status, code, message);

describe('sign-in and sign-up errors', () => {
  it.each([
    ['invalid_credentials', 'The email or password you entered is incorrect. Please double-check your credentials.'],
    ['user_already_exists', 'This email is already registered. Please sign in or use a different email.'],
    ['email_not_confirmed', 'Please check your email and click the confirmation link before signing in.'],
    ['validation_failed', 'Some details are not valid. Check them and try again.'],
  ])('%s', (code, shown) => {
    expect(signInErrorText(fromServer('Any English text', 400, code), t)).toBe(shown);
  });

  it('shows any other server answer by its error code, in the interface language, never its English message', () => {
    const limited = fromServer(AUTH_MESSAGES.tooManyAttempts, 429, 'over_request_rate_limit');
    expect(signInErrorText(limited, t)).toBe('Too many attempts. Wait a moment and try again.');
    expect(signInErrorText(limited, tEs)).toBe('Demasiados intentos. Espera un momento y vuelve a intentarlo.');
    expect(signInErrorText(fromServer(AUTH_MESSAGES.invalidCredentials, 400, 'invalid_credentials'), tEs)).toBe(
      'El correo o la contraseña no son correctos. Revisa tus datos.',
    );
    expect(signInErrorText(fromServer(AUTH_MESSAGES.alreadyRegistered, 400, 'a_code_the_web_does_not_know'), tEs)).toBe(
      'Ha ocurrido un error inesperado. Inténtalo de nuevo.',
    );
  });

  it('falls back to the generic text when there is no message', () => {
    expect(signInErrorText(new ApiError(0, 'network', ''), t)).toBe('The server cannot be reached. Check your network and try again.');
    expect(signInErrorText(undefined, t)).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('reset errors', () => {
  it.each([
    ['email_not_confirmed', 'Por favor, confirma tu email antes de restablecer la contraseña.'],
    ['user_not_found', 'No encontramos una cuenta con este email.'],
    ['http_error', 'Error enviando el email de restablecimiento'],
  ])('%s', (code, shown) => {
    expect(resetErrorText(fromServer('Any English text', 400, code), tEs)).toBe(shown);
  });

  it('shows a rate limit by its code', () => {
    expect(resetErrorText(fromServer(AUTH_MESSAGES.tooManyRequests, 429, 'over_request_rate_limit'), t)).toBe(
      'Too many attempts. Wait a moment and try again.',
    );
  });
});

describe('social errors', () => {
  it('shows the text of the server code, else the provider fallback', () => {
    expect(socialErrorText(fromServer('Invalid ID token', 401, 'bad_oauth_token'), 'google', t)).toBe(
      'The sign-in with the provider could not be verified.',
    );
    expect(socialErrorText(new Error(''), 'apple', t)).toBe('Apple sign in failed');
    expect(socialErrorText(new Error('boom'), 'google', tEs)).toBe('No se pudo iniciar sesión con Google');
  });

  it('does not show the English text of OAuth error objects thrown by keycloak-js', () => {
    expect(socialErrorText({ error: 'access_denied', error_description: 'User cancelled' }, 'google', t)).toBe('Google sign in failed');
    expect(socialErrorText({ error: 'access_denied' }, 'apple', tEs)).toBe('No se pudo iniciar sesión con Apple');
  });

  it('names the provider and the reason when social sign-in is not configured', () => {
    expect(socialUnavailableText('google', t)).toBe('Google sign in failed: Sign-in with Google or Apple is not configured');
    expect(socialUnavailableText('apple', tEs)).toBe(
      'No se pudo iniciar sesión con Apple: El inicio de sesión con Google o Apple no está configurado',
    );
  });
});

describe('password update errors', () => {
  it('shows the text of the code in the interface language, else the fallback', () => {
    expect(passwordUpdateErrorText(fromServer(AUTH_MESSAGES.weakPassword, 400, 'validation_failed'), tEs)).toBe(
      'Algunos datos no son válidos. Revísalos y vuelve a intentarlo.',
    );
    expect(passwordUpdateErrorText(new Error(''), tEs)).toBe('Error al actualizar la contraseña');
  });
});
