import { makeRoom } from '../../../test/room-fixtures';
import { createBody, emptyRoomForm, formValuesOf, localDateValue, parseInvitedHosts, scheduledAtFrom, updateBody } from './room-form';

describe('room form rules', () => {
  it('defaults to 60 minutes and no schedule', () => {
    expect(emptyRoomForm.duration).toBe(60);
    expect(createBody({ ...emptyRoomForm, name: '  Keynote  ' })).toEqual({ name: 'Keynote', duration_minutes: 60 });
  });

  it('schedules only when both the date and the time are given', () => {
    expect(scheduledAtFrom('2030-05-01', '')).toBeNull();
    expect(scheduledAtFrom('', '09:30')).toBeNull();
    expect(scheduledAtFrom('2030-05-01', '09:30')).toBe(new Date(2030, 4, 1, 9, 30).toISOString());
    const values = { ...emptyRoomForm, name: 'A', scheduledDate: '2030-05-01', scheduledTime: '09:30', duration: 90 as const };
    expect(createBody(values).scheduled_at).toBe(new Date(2030, 4, 1, 9, 30).toISOString());
    expect(updateBody({ ...values, scheduledTime: '' })).toEqual({
      name: 'A',
      source_language: null,
      scheduled_at: null,
      duration_minutes: 90,
      viewer_downloads: true,
      retention: 'keep',
      fast_captions: true,
      questions_enabled: false,
      ended_allowance: null,
    });
    expect(updateBody({ ...values, endedAllowance: ' 300 ' }).ended_allowance).toBe(300);
    expect(formValuesOf(makeRoom({ ended_allowance: 250 })).endedAllowance).toBe('250');
    // Kept by default on the server: the create form sends the setting only when the owner chose another.
    expect(createBody(values)).not.toHaveProperty('retention');
    expect(createBody({ ...values, retention: 'days_30' })).toMatchObject({ retention: 'days_30' });
    expect(createBody({ ...values, fastCaptions: false }).fast_captions).toBe(false);
    expect(createBody(values)).not.toHaveProperty('fast_captions');
  });

  it('splits invited hosts on commas and names the first address that is not one', () => {
    expect(parseInvitedHosts(' ana@example.com, ,luis@example.org ')).toEqual({
      emails: ['ana@example.com', 'luis@example.org'],
      invalid: null,
    });
    expect(parseInvitedHosts('ana@example.com, luis')).toEqual({ emails: ['ana@example.com', 'luis'], invalid: 'luis' });
    expect(createBody({ ...emptyRoomForm, name: 'A', invitedHosts: 'ana@example.com' }).invited_hosts).toEqual(['ana@example.com']);
  });

  it('fills the edit form from a room in local time', () => {
    const at = new Date(2030, 4, 1, 9, 5);
    const values = formValuesOf(
      makeRoom({ name: 'Keynote', source_language: 'es', scheduled_at: at.toISOString(), duration_minutes: 120 }),
    );
    expect(values).toMatchObject({
      name: 'Keynote',
      sourceLanguage: 'es',
      scheduledDate: localDateValue(at),
      scheduledTime: '09:05',
      duration: 120,
    });
  });

  it('lets viewers download the transcript unless the owner turns it off, in both forms', () => {
    expect(emptyRoomForm.viewerDownloads).toBe(true);
    expect(createBody({ ...emptyRoomForm, name: 'A' })).not.toHaveProperty('viewer_downloads');
    expect(createBody({ ...emptyRoomForm, name: 'A' })).not.toHaveProperty('questions_enabled');
    expect(createBody({ ...emptyRoomForm, name: 'A', questionsEnabled: true }).questions_enabled).toBe(true);
    expect(createBody({ ...emptyRoomForm, name: 'A', viewerDownloads: false }).viewer_downloads).toBe(false);
    expect(formValuesOf(makeRoom({ viewer_downloads: false })).viewerDownloads).toBe(false);
    expect(updateBody({ ...emptyRoomForm, name: 'A', viewerDownloads: false }).viewer_downloads).toBe(false);
  });
});
