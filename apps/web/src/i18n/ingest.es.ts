/** Texts of the venue feed's section (the room form and the host page's panel), part of the dashboard's catalog. */
export const ingestEs = {
  'ingest.title': 'Audio de la sala (SRT / RTMP)',
  'ingest.hint': 'El equipo técnico puede enviar la mezcla de la sala directamente al servidor, sin un portátil en el atril.',
  'ingest.loading': 'Cargando la dirección de entrada...',
  'ingest.disabled': 'Este servidor no recibe señales de la sala. Quien lo administra puede activarlas con INGEST_ENABLED.',
  'ingest.stateNow': 'Señal ahora: {state}',
  'ingest.state.waiting': 'esperando al codificador',
  'ingest.state.receiving': 'recibiendo audio',
  'ingest.state.silent': 'en silencio desde hace {seconds} s',
  'ingest.state.lost': 'perdida',
  'ingest.state.stopped': 'detenida por el servidor',
  'ingest.state.stoppedQuota': 'detenida: se alcanzó la cuota de reconocimiento de la sala',
  'ingest.state.stoppedIdle': 'detenida: no llegó audio durante un rato',
  'ingest.srtServer': 'Servidor SRT',
  'ingest.rtmpServer': 'Servidor RTMP',
  'ingest.srtUrl': 'URL SRT completa (con la clave)',
  'ingest.rtmpUrl': 'URL RTMP completa (con la clave)',
  'ingest.key': 'Clave de emisión',
  'ingest.copy': 'Copiar',
  'ingest.copied': 'Copiado',
  'ingest.shownOnce': 'Cópiela ahora: la clave solo se muestra esta vez. Si genera otra, el codificador que use esta se corta al momento.',
  'ingest.keyMade': 'La sala tiene una clave de emisión desde el {date}. Solo se muestra al generarla: si no la tiene, genere otra.',
  'ingest.noKey': 'La sala aún no tiene clave de emisión.',
  'ingest.make': 'Generar clave de emisión',
  'ingest.rotate': 'Generar una clave nueva',
  'ingest.rotateTitle': '¿Generar una clave nueva?',
  'ingest.rotateCancel': 'Conservar la clave actual',
  'ingest.rotateConfirm': 'La clave actual dejará de funcionar y el codificador que la use se cortará al momento. ¿Generar una nueva?',
  'ingest.helpObs':
    'OBS, SRT (recomendado): Ajustes › Emisión › Servicio «Personalizado», Servidor = la URL SRT completa, clave de retransmisión vacía. Solo se usa el audio.',
  'ingest.helpObsRtmp':
    'OBS, RTMP: Servicio «Personalizado», Servidor = {address}, clave de retransmisión = la clave. Active la reconexión automática (Ajustes › Avanzado).',
  'ingest.helpHardware':
    'Codificador de hardware: modo caller, el host y el puerto del servidor SRT, Stream ID = la clave, latencia de 200 ms o más. Cualquier códec de audio (AAC, Opus, MP2, PCM); el vídeo se ignora.',
  'ingest.helpOneEncoder':
    'Con cualquiera de los dos: un codificador por sala (otro con la misma clave lo reemplaza); generar una clave nueva, o agotar la cuota de reconocimiento de la sala, lo desconecta.',
} as const;
