import { retentionStatus, type EndedRoom } from './retention-status';

const ended = (over: Partial<EndedRoom>): EndedRoom => ({
  retention: 'keep',
  transcript_deleted_at: null,
  updated_at: '2026-03-01T10:00:00.000Z',
  evaluation: {
    start_time: '2026-03-01T09:00:00.000Z',
    end_time: '2026-03-01T10:00:00.000Z',
    total_messages: 3,
    translated_messages: 3,
    success_rate: 100,
  },
  ...over,
});

describe('what the history says of a transcript', () => {
  it('is kept, or not stored, whatever the dates', () => {
    expect(retentionStatus(ended({}))).toEqual({ kind: 'keep' });
    expect(retentionStatus(ended({ retention: 'none' }))).toEqual({ kind: 'notStored' });
    expect(retentionStatus(ended({ retention: 'none', transcript_deleted_at: '2026-03-01T10:00:01.000Z' }))).toEqual({ kind: 'notStored' });
  });

  it('is deleted N days after the end of the room, and says when it was', () => {
    expect(retentionStatus(ended({ retention: 'days_7' }))).toEqual({ kind: 'until', at: '2026-03-08T10:00:00.000Z' });
    expect(retentionStatus(ended({ retention: 'days_90', evaluation: null }))).toEqual({ kind: 'until', at: '2026-05-30T10:00:00.000Z' });
    expect(retentionStatus(ended({ retention: 'days_30', transcript_deleted_at: '2026-03-31T11:00:00.000Z' }))).toEqual({
      kind: 'deleted',
      at: '2026-03-31T11:00:00.000Z',
    });
  });

  it('counts from the last end when the room was started again after its content went', () => {
    const again = ended({
      retention: 'days_7',
      transcript_deleted_at: '2026-02-20T00:00:00.000Z',
    });
    expect(retentionStatus(again)).toEqual({ kind: 'until', at: '2026-03-08T10:00:00.000Z' });
  });
});
