import { BusErrorCode } from '@lt/contracts';
import { BusRemoteError, type Bus } from '@lt/platform';
import type { TranscriptRepository } from '../transcript/transcript.repository';
import type { RoomEntity } from './room.entity';
import { RoomEvaluations, successRate } from './room-evaluations.service';
import type { RoomsRepository, RoomTotals } from './rooms.repository';

const ROOM = { id: 'aaaaaaaa-0000-4000-8000-000000000000', status: 'ended', updatedAt: new Date('2025-05-01T08:00:00Z') } as RoomEntity;

function evaluations(messages: number, translated: () => Promise<{ translated: number }>) {
  const recorded: RoomTotals[] = [];
  const rooms = { recordTotals: async (_id: string, totals: RoomTotals) => void recorded.push(totals) } as unknown as RoomsRepository;
  const transcripts = { countByRoom: async () => messages } as unknown as TranscriptRepository;
  const bus = { request: jest.fn(translated) } as unknown as Bus;
  return { service: new RoomEvaluations(rooms, transcripts, bus), recorded };
}

describe('RoomEvaluations', () => {
  it('gives the share translated in percent with two decimals, and 100 when nothing was said', () => {
    expect(successRate(3, 2)).toBe('66.67');
    expect(successRate(4, 4)).toBe('100.00');
    expect(successRate(5, 0)).toBe('0.00');
    expect(successRate(0, 0)).toBe('100.00');
  });

  it("records the room's totals with its end", async () => {
    const { service, recorded } = evaluations(3, async () => ({ translated: 2 }));
    await service.record(ROOM);
    expect(recorded).toEqual([{ endTime: ROOM.updatedAt, totalMessages: 3, translatedMessages: 2, successRate: '66.67' }]);
  });

  it('never counts more translated messages than were said', async () => {
    const { service, recorded } = evaluations(1, async () => ({ translated: 4 }));
    await service.record(ROOM);
    expect(recorded[0]).toMatchObject({ totalMessages: 1, translatedMessages: 1, successRate: '100.00' });
  });

  it('records nothing, and does not fail the end, when translate-svc does not answer', async () => {
    const { service, recorded } = evaluations(3, async () => {
      throw new BusRemoteError(BusErrorCode.Unavailable, 'translate.translation.count: no responders');
    });
    await expect(service.record(ROOM)).resolves.toBeUndefined();
    expect(recorded).toEqual([]);
  });
});
