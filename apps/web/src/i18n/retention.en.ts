import type { RetentionCatalog } from './retention.es';

export const retentionEn: RetentionCatalog = {
  'retention.label': 'Transcript retention',
  'retention.keep': 'Keep (default)',
  'retention.days': 'Delete {n} days after the end',
  'retention.none': 'Do not store (live only)',
  'retention.hint':
    'The transcript, translations, summaries and audio follow this rule. With “Do not store” viewers read the captions live and everything is deleted when the room ends.',
  'retention.status.keep': 'Transcript kept',
  'retention.status.until': 'To be deleted on {date}',
  'retention.status.deleted': 'Transcript deleted on {date}',
  'retention.status.notStored': 'Transcript not stored',
  'archive.title': 'Your data',
  'archive.body':
    'Download everything we hold about you as one ZIP file: your profile, your rooms and their transcripts with translations, summaries and glossaries.',
  'archive.download': 'Download my data',
  'archive.preparing': 'Preparing the archive...',
  'archive.received': 'Downloading the archive: {size} received',
  'archive.done': 'Archive downloaded ({size}).',
  'archive.failed': 'The archive could not be downloaded: {message}',
  'archive.failedGeneric': 'The archive could not be downloaded. Please try again.',
  'archive.fileName': 'my-translation-rooms-data.zip',
};
