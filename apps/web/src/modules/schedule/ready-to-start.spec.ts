import { isReadyToStart } from './ready-to-start';

const AT = Date.parse('2030-05-01T10:00:00.000Z');
const minutes = (n: number) => AT + n * 60_000;

describe('isReadyToStart', () => {
  it('is always ready without a time', () => {
    expect(isReadyToStart(null, AT)).toBe(true);
  });

  it('opens 15 minutes before the time and closes 5 minutes after it', () => {
    const at = new Date(AT).toISOString();
    expect(isReadyToStart(at, minutes(-16))).toBe(false);
    expect(isReadyToStart(at, minutes(-15))).toBe(true);
    expect(isReadyToStart(at, minutes(0))).toBe(true);
    expect(isReadyToStart(at, minutes(5))).toBe(true);
    expect(isReadyToStart(at, minutes(5) + 1)).toBe(false);
    expect(isReadyToStart(at, minutes(60))).toBe(false);
  });
});
