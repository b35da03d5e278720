/** Texts of a room's transcript as its viewers and its host read and download it. */
export const roomTranscriptEs = {
  'roomTranscript.open': 'Transcripción',
  'roomTranscript.short': 'Texto',
  'roomTranscript.title': 'Transcripción de {name}',
  'roomTranscript.titleNoName': 'Transcripción',
  'roomTranscript.inLanguage': 'En {language} · {count, plural, one {# línea} other {# líneas}}',
  'roomTranscript.asSpoken': 'Tal como se dijo · {count, plural, one {# línea} other {# líneas}}',
  'roomTranscript.loading': 'Cargando la transcripción...',
  'roomTranscript.empty': 'Aún no se ha dicho nada en esta sala.',
  'roomTranscript.failed': 'No se pudo cargar la transcripción: {message}',
  'roomTranscript.retry': 'Reintentar',
  'roomTranscript.download': 'Descargar',
  'roomTranscript.downloadAs': 'Descargar como {format}',
  'roomTranscript.downloading': 'Descargando...',
  'roomTranscript.downloadFailed': 'No se pudo descargar: {message}',
  'roomTranscript.close': 'Cerrar la transcripción',
  'roomTranscript.lines': 'Líneas de la transcripción',
};

export type RoomTranscriptCatalog = typeof roomTranscriptEs;
export type RoomTranscriptKey = keyof RoomTranscriptCatalog;
