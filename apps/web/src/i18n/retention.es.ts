/** Texts of a room's retention setting (create and edit forms, history) and of the account's data archive. */
export const retentionEs = {
  'retention.label': 'Conservación de la transcripción',
  'retention.keep': 'Conservar (predeterminado)',
  'retention.days': 'Borrar {n} días después de terminar',
  'retention.none': 'No guardar (solo en directo)',
  'retention.hint':
    'La transcripción, las traducciones, los resúmenes y el audio siguen esta regla. Con «No guardar» los espectadores leen los subtítulos en directo y todo se borra al terminar la sala.',
  'retention.status.keep': 'Transcripción guardada',
  'retention.status.until': 'Se borrará el {date}',
  'retention.status.deleted': 'Transcripción borrada el {date}',
  'retention.status.notStored': 'Transcripción no guardada',
  'archive.title': 'Tus datos',
  'archive.body':
    'Descarga en un archivo ZIP todo lo que guardamos sobre ti: tu perfil, tus salas y sus transcripciones con traducciones, resúmenes y glosarios.',
  'archive.download': 'Descargar mis datos',
  'archive.preparing': 'Preparando el archivo...',
  'archive.received': 'Descargando el archivo: {size} recibidos',
  'archive.done': 'Archivo descargado ({size}).',
  'archive.failed': 'No se pudo descargar el archivo: {message}',
  'archive.failedGeneric': 'No se pudo descargar el archivo. Inténtalo de nuevo.',
  'archive.fileName': 'mis-datos-salas-de-traduccion.zip',
};

export type RetentionCatalog = typeof retentionEs;
export type RetentionKey = keyof RetentionCatalog;
