import type { Translate } from '../../i18n/translate';
import { HOST_SPEAKER, speakerKey } from './speaker-key';

/** The name a reader sees for a line's speaker: the host in the page's language, a guest by the name they were invited with. */
export function speakerLabel(t: Translate, line: { speakerId: string; speakerName: string }): string {
  if (speakerKey(line.speakerId) === HOST_SPEAKER) return t('viewer.speaker.host');
  return line.speakerName.trim() || t('viewer.speaker.guest');
}
