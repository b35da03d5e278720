import type { ingestEs } from './ingest.es';

/** Texts of the venue feed's section (the room form and the host page's panel), part of the dashboard's catalog. */
export const ingestEn: Record<keyof typeof ingestEs, string> = {
  'ingest.title': 'Audio from the venue (SRT / RTMP)',
  'ingest.hint': "The AV desk can send the room's mix straight to the server, with no laptop on the lectern.",
  'ingest.loading': 'Loading the ingest address...',
  'ingest.disabled': 'This server takes no venue feeds. Its operator turns them on with INGEST_ENABLED.',
  'ingest.stateNow': 'Feed now: {state}',
  'ingest.state.waiting': 'waiting for the encoder',
  'ingest.state.receiving': 'receiving audio',
  'ingest.state.silent': 'silent for {seconds} s',
  'ingest.state.lost': 'lost',
  'ingest.state.stopped': 'stopped by the server',
  'ingest.state.stoppedQuota': "stopped: the room's recognition quota is reached",
  'ingest.state.stoppedIdle': 'stopped: no audio arrived for a while',
  'ingest.srtServer': 'SRT server',
  'ingest.rtmpServer': 'RTMP server',
  'ingest.srtUrl': 'Full SRT URL (with the key)',
  'ingest.rtmpUrl': 'Full RTMP URL (with the key)',
  'ingest.key': 'Stream key',
  'ingest.copy': 'Copy',
  'ingest.copied': 'Copied',
  'ingest.shownOnce': 'Copy it now: the key is shown this once only. Making another cuts the encoder that uses this one at once.',
  'ingest.keyMade': 'The room has had a stream key since {date}. It is shown only when made: if you do not have it, make a new one.',
  'ingest.noKey': 'The room has no stream key yet.',
  'ingest.make': 'Make a stream key',
  'ingest.rotate': 'Make a new key',
  'ingest.rotateTitle': 'Make a new stream key?',
  'ingest.rotateCancel': 'Keep the current key',
  'ingest.rotateConfirm': 'The current key will stop working and the encoder using it is cut at once. Make a new one?',
  'ingest.helpObs':
    'OBS, SRT (recommended): Settings › Stream › Service "Custom...", Server = the full SRT URL, Stream Key left empty. Only the audio is used.',
  'ingest.helpObsRtmp':
    'OBS, RTMP: Service "Custom...", Server = {address}, Stream Key = the key. Turn on automatic reconnection (Settings › Advanced).',
  'ingest.helpHardware':
    "Hardware encoder: caller mode, the SRT server's host and port, Stream ID = the key, latency 200 ms or more. Any audio codec (AAC, Opus, MP2, PCM); video is ignored.",
  'ingest.helpOneEncoder':
    'Either protocol: one encoder per room (a second one with the key takes over); making a new key, or the room running out of recognition quota, disconnects it.',
};
