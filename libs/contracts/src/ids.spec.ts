import { z } from 'zod';
import { isUuid } from './ids';

describe('isUuid', () => {
  const zodUuid = z.string().uuid();
  const samples = [
    crypto.randomUUID(),
    crypto.randomUUID().toUpperCase(),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '0190b3f2-7c1e-7d4a-9f3e-1a2b3c4d5e6f',
    '0190b3f2-7c1e-9d4a-9f3e-1a2b3c4d5e6f',
    '0190b3f2-7c1e-4d4a-cf3e-1a2b3c4d5e6f',
    '0190b3f2-7c1e-4d4a-9f3e-1a2b3c4d5e6',
    '0190b3f27c1e4d4a9f3e1a2b3c4d5e6f',
    'not-a-room',
    '',
    ` ${crypto.randomUUID()}`,
  ];

  it.each(samples)('agrees with the join frame schema on %j', (sample) => {
    expect(isUuid(sample)).toBe(zodUuid.safeParse(sample).success);
  });

  it('takes only strings', () => {
    expect([isUuid(undefined), isUuid(null), isUuid(42)]).toEqual([false, false, false]);
  });
});
