import type { ErrorCode } from '@lt/contracts';

/**
 * What each error code of the server means to a person, in Spanish. Every code the server can answer has a
 * text here (a test fails otherwise), so no page shows the server's English `message`.
 */
export const errorsEs = {
  room_not_found: 'La sala no existe o ya no está disponible.',
  invalid_host_key: 'El enlace de anfitrión no es válido para esta sala.',
  room_not_active: 'La sala no está activa.',
  invalid_invite: 'El enlace de invitación no es válido o ya no está activo.',
  speaker_not_found: 'Ese ponente ya no está en la sala.',
  invalid_credentials: 'Correo o contraseña incorrectos.',
  user_already_exists: 'Ya existe una cuenta con ese correo.',
  email_exists: 'Ya existe una cuenta con ese correo.',
  email_not_confirmed: 'Confirma tu correo antes de iniciar sesión.',
  not_authenticated: 'Tu sesión ha caducado. Inicia sesión de nuevo.',
  refresh_token_not_found: 'Tu sesión ha caducado. Inicia sesión de nuevo.',
  refresh_token_already_used: 'Tu sesión se cerró por seguridad. Inicia sesión de nuevo.',
  over_request_rate_limit: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  bad_oauth_token: 'No se pudo verificar el inicio de sesión con el proveedor.',
  provider_disabled: 'Este método de inicio de sesión no está disponible.',
  otp_expired: 'El enlace no es válido o ha caducado.',
  user_not_found: 'Ese usuario no existe.',
  forbidden: 'No tienes permiso para hacer esto.',
  validation_failed: 'Algunos datos no son válidos. Revísalos y vuelve a intentarlo.',
  untrusted_host: 'El servidor no reconoce esta dirección. Abre la aplicación desde su enlace oficial.',
  unsupported_media_type: 'La solicitud no tiene un formato válido.',
  forbidden_origin: 'Esta página no puede hacer esa solicitud.',
  bad_frame: 'El servidor no entendió un mensaje de esta página. Recarga la página.',
  not_joined: 'Todavía no estás conectado a la sala.',
  already_joined: 'Ya estás conectado a la sala.',
  speaker_removed: 'El anfitrión te ha retirado de esta sala.',
  language_required: 'Elige primero un idioma.',
  questions_off: 'El anfitrión ha desactivado las preguntas.',
  questions_full: 'Esta sala no admite más preguntas.',
  question_not_found: 'Esa pregunta ya no está.',
  transcript_downloads_off: 'La organización de esta sala ha desactivado la descarga de la transcripción.',
  rate_limited: 'Vas demasiado rápido: se enviará de nuevo en un momento.',
  unavailable: 'El servicio no está disponible ahora mismo. Se reintentará en breve.',
  internal: 'Algo ha fallado en el servidor. Vuelve a intentarlo.',
  archive_in_progress: 'Ya se está descargando tu archivo. Espera a que termine esa descarga y vuelve a intentarlo.',
  own_question: 'No puedes votar tu propia pregunta.',
  room_ended: 'Esta sala ha terminado: ya no admite preguntas ni votos.',
  payload_too_large:
    'Esta respuesta es demasiado grande para enviarla. Prueba con una petición más pequeña o avisa a quien organiza la sala.',
  timeout: 'El servidor tardó demasiado en responder. Vuelve a intentarlo.',
  bad_request: 'La solicitud no es válida.',
  tts_not_configured: 'La lectura en voz alta del servidor no está configurada.',
  tts_no_voice: 'La lectura en voz alta del servidor no tiene voz para este idioma.',
  message_not_found: 'Ese mensaje ya no existe.',
  synthesis_failed: 'No se pudo generar el audio. Vuelve a intentarlo.',
  tts_quota_exhausted: 'El presupuesto de la sala se ha agotado: el audio está en pausa.',
  recognition_quota_exhausted: 'El presupuesto de la sala se ha agotado: el servidor ya no reconoce la voz.',
  nothing_to_summarize: 'No hay traducciones que resumir',
  summary_unavailable: 'Los resúmenes no están disponibles: no hay un modelo de lenguaje configurado.',
  quota_exhausted: 'El presupuesto de la sala se ha agotado: los resúmenes están en pausa.',
  network: 'No hay conexión con el servidor. Comprueba tu red y vuelve a intentarlo.',
  http_error: 'El servidor respondió con un error. Vuelve a intentarlo.',
} as const satisfies Record<ErrorCode | WebErrorCode, string>;

/** Failures the web itself names: no answer at all, or an answer that is not our error body. */
export type WebErrorCode = 'network' | 'http_error';

export type ErrorCatalog = Record<keyof typeof errorsEs, string>;

/** Texts of the WebSocket close codes a person can meet (the others reconnect quietly). */
export const closeCodesEs = {
  1008: 'La conexión se cerró porque la página envió demasiados mensajes o tardó en unirse.',
  1009: 'La conexión se cerró por un mensaje demasiado grande.',
  1011: 'La conexión se cerró por un error del servidor.',
  4001: 'Tu sesión se ha cerrado. Inicia sesión de nuevo.',
  4002: 'La conexión iba demasiado retrasada; se reconecta sin perder nada.',
  4003: 'La sala ha sido eliminada.',
  4004: 'El anfitrión te ha retirado de esta sala.',
} as const;

export type CloseCodeCatalog = Record<keyof typeof closeCodesEs, string>;

/** One catalog's error texts under `error.code.<code>` and `error.close.<code>` keys, to spread into it. */
export function errorKeys<E extends Record<string, string>, C extends Record<number, string>>(errors: E, closes: C) {
  const entries = [
    ...Object.entries(errors).map(([code, text]) => [`error.code.${code}`, text]),
    ...Object.entries(closes).map(([code, text]) => [`error.close.${code}`, text]),
  ];
  return Object.fromEntries(entries) as { [K in keyof E & string as `error.code.${K}`]: string } & {
    [K in keyof C & number as `error.close.${K}`]: string;
  };
}
