import {
  SCHEDULE,
  isHostLanguageCode,
  type CreateOwnedRoomBody,
  type HostLanguageCode,
  type Retention,
  type RoomResponse,
  type UpdateRoomBody,
} from '@lt/contracts';

export type Duration = (typeof SCHEDULE.durations)[number];

/** What the create and edit forms hold, as the inputs give it. */
export interface RoomFormValues {
  name: string;
  sourceLanguage: HostLanguageCode | '';
  scheduledDate: string;
  scheduledTime: string;
  duration: Duration;
  invitedHosts: string;
  /** Viewers may read and download the transcript (on unless the owner turns it off). */
  viewerDownloads: boolean;
  /** How long the transcript is kept (kept by default). */
  retention: Retention;
  /** Fast captions: interim lines translated while the speaker talks (on unless the owner turns it off). */
  fastCaptions: boolean;
  /** The audience may ask questions (off unless the owner turns it on). */
  questionsEnabled: boolean;
  /** Tokens the room may spend after it ended, as typed; empty: the service's default (edit form only). */
  endedAllowance: string;
}

export const emptyRoomForm: RoomFormValues = {
  name: '',
  sourceLanguage: '',
  scheduledDate: '',
  scheduledTime: '',
  duration: SCHEDULE.defaultDuration as Duration,
  invitedHosts: '',
  viewerDownloads: true,
  retention: 'keep',
  fastCaptions: true,
  questionsEnabled: false,
  endedAllowance: '',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of the local day, the `min` of the date input. */
export function localDateValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The instant of a local date and time; null unless both are given. */
export function scheduledAtFrom(date: string, time: string): string | null {
  if (!date || !time) return null;
  const at = new Date(`${date}T${time}`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

export function formValuesOf(room: RoomResponse): RoomFormValues {
  const at = room.scheduled_at ? new Date(room.scheduled_at) : null;
  const duration = (SCHEDULE.durations as readonly number[]).includes(room.duration_minutes)
    ? (room.duration_minutes as Duration)
    : emptyRoomForm.duration;
  return {
    name: room.name,
    sourceLanguage: isHostLanguageCode(room.source_language) ? room.source_language : '',
    scheduledDate: at ? localDateValue(at) : '',
    scheduledTime: at ? `${pad(at.getHours())}:${pad(at.getMinutes())}` : '',
    duration,
    invitedHosts: '',
    viewerDownloads: room.viewer_downloads,
    retention: room.retention,
    fastCaptions: room.fast_captions !== false,
    questionsEnabled: room.questions_enabled,
    endedAllowance: room.ended_allowance === null || room.ended_allowance === undefined ? '' : String(room.ended_allowance),
  };
}

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** The comma-separated invited hosts, and the first entry that is not an e-mail address. */
export function parseInvitedHosts(text: string): { emails: string[]; invalid: string | null } {
  const emails = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return { emails, invalid: emails.find((email) => !EMAIL.test(email)) ?? null };
}

export function createBody(values: RoomFormValues): CreateOwnedRoomBody {
  const scheduledAt = scheduledAtFrom(values.scheduledDate, values.scheduledTime);
  const { emails } = parseInvitedHosts(values.invitedHosts);
  return {
    name: values.name.trim(),
    ...(values.sourceLanguage ? { source_language: values.sourceLanguage } : {}),
    ...(scheduledAt ? { scheduled_at: scheduledAt } : {}),
    duration_minutes: values.duration,
    ...(emails.length ? { invited_hosts: emails } : {}),
    // On by default on the server: sent only when the owner turned it off.
    ...(values.viewerDownloads ? {} : { viewer_downloads: false }),
    ...(values.retention === 'keep' ? {} : { retention: values.retention }),
    ...(values.fastCaptions ? {} : { fast_captions: false }),
    // Off by default on the server: sent only when the owner turned it on.
    ...(values.questionsEnabled ? { questions_enabled: true } : {}),
    // Empty: the service's default.
    ...(values.endedAllowance.trim() === '' ? {} : { ended_allowance: Number(values.endedAllowance) }),
  };
}

export function updateBody(values: RoomFormValues): UpdateRoomBody {
  return {
    name: values.name.trim(),
    source_language: values.sourceLanguage || null,
    scheduled_at: scheduledAtFrom(values.scheduledDate, values.scheduledTime),
    duration_minutes: values.duration,
    viewer_downloads: values.viewerDownloads,
    retention: values.retention,
    fast_captions: values.fastCaptions,
    questions_enabled: values.questionsEnabled,
    // Empty: the service's default; anything else goes as typed, and the server refuses what is out of bounds.
    ended_allowance: values.endedAllowance.trim() === '' ? null : Number(values.endedAllowance),
  };
}
