import type { RoomTranscriptCatalog } from './room-transcript.es';

export const roomTranscriptEn: RoomTranscriptCatalog = {
  'roomTranscript.open': 'Transcript',
  'roomTranscript.short': 'Transcript',
  'roomTranscript.title': 'Transcript of {name}',
  'roomTranscript.titleNoName': 'Transcript',
  'roomTranscript.inLanguage': 'In {language} · {count, plural, one {# line} other {# lines}}',
  'roomTranscript.asSpoken': 'As spoken · {count, plural, one {# line} other {# lines}}',
  'roomTranscript.loading': 'Loading the transcript...',
  'roomTranscript.empty': 'Nothing has been said in this room yet.',
  'roomTranscript.failed': 'The transcript could not be loaded: {message}',
  'roomTranscript.retry': 'Try again',
  'roomTranscript.download': 'Download',
  'roomTranscript.downloadAs': 'Download as {format}',
  'roomTranscript.downloading': 'Downloading...',
  'roomTranscript.downloadFailed': 'The download failed: {message}',
  'roomTranscript.close': 'Close the transcript',
  'roomTranscript.lines': 'Lines of the transcript',
};
