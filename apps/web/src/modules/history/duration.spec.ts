import { makeRoom } from '../../../test/room-fixtures';
import { formatDuration, roomDurationMinutes } from './duration';
import { transcriptCopyText } from './transcript-text';

describe('history duration', () => {
  it("shows 'N min' under an hour and 'Hh Mm' from an hour on", () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(59)).toBe('59 min');
    expect(formatDuration(60)).toBe('1h 0m');
    expect(formatDuration(135)).toBe('2h 15m');
  });

  it('is updated_at minus created_at in whole minutes', () => {
    const room = makeRoom({ created_at: '2026-01-01T10:00:00.000Z', updated_at: '2026-01-01T11:29:59.000Z' });
    expect(roomDurationMinutes(room.created_at, room.updated_at)).toBe(89);
    expect(roomDurationMinutes('2026-01-01T10:00:00.000Z', '2026-01-01T09:00:00.000Z')).toBe(0);
  });
});

describe('transcript copy', () => {
  it('writes one [timestamp] text line per message', () => {
    const message = (text: string, at: string) => ({
      message_id: text,
      seq: 1,
      text,
      message_timestamp: at,
      confidence_level: 'high' as const,
      speaker_id: 'host',
      speaker_name: 'Host',
    });
    const at = (h: number, m: number, s: number) => new Date(2026, 0, 1, h, m, s).toISOString();
    expect(transcriptCopyText([message('Hola', at(10, 0, 5)), message('Adiós', at(10, 1, 0))], 'es')).toBe(
      '[10:00:05] Hola\n[10:01:00] Adiós',
    );
  });
});
