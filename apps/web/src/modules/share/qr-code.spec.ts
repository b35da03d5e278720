import { byteCapacity, encodeQr, maskPenalty, qrPath } from './qr-code';
import { REFERENCE_CODES } from './qr-code.fixtures';

const rowsOf = (modules: boolean[][]) => modules.map((row) => row.map((dark) => (dark ? '1' : '0')).join(''));

/** The mask a matrix was drawn with, read back from its first copy of the format information. */
function maskOf(rows: string[]): number {
  const bit = (x: number, y: number) => Number(rows[y][x]);
  // Bits 14..10 of the format word sit at (0..4, 8); unmasked with 0x5412 they give the level and the mask.
  let word = 0;
  for (let i = 14; i >= 9; i--) word = (word << 1) | bit(14 - i, 8);
  word = (word << 1) | bit(7, 8);
  word = (word << 1) | bit(8, 8);
  word = (word << 1) | bit(8, 7);
  for (let i = 5; i >= 0; i--) word = (word << 1) | bit(8, i);
  return ((word ^ 0x5412) >>> 10) & 0b111;
}

describe('QR encoder', () => {
  it.each(REFERENCE_CODES.map((code) => [code.name, code] as const))(
    'draws the same matrix as an independent encoder: %s',
    (_name, reference) => {
      const mask = maskOf(reference.rows);
      const code = encodeQr(reference.text, { ecc: reference.ecc, mask });
      expect(code.size).toBe(reference.rows.length);
      expect(code.version).toBe((reference.rows.length - 17) / 4);
      expect(rowsOf(code.modules)).toEqual(reference.rows);
    },
  );

  it('picks, by itself, a mask whose penalty is the lowest of the eight', () => {
    for (const reference of REFERENCE_CODES) {
      const chosen = encodeQr(reference.text, { ecc: reference.ecc });
      const penalties = [0, 1, 2, 3, 4, 5, 6, 7].map((mask) => maskPenalty(encodeQr(reference.text, { ecc: reference.ecc, mask }).modules));
      expect(maskPenalty(chosen.modules)).toBe(Math.min(...penalties));
    }
  });

  it('uses the smallest version that holds the text, and refuses what version 10 cannot hold', () => {
    expect(byteCapacity(1, 'M')).toBe(14);
    expect(byteCapacity(10, 'M')).toBe(213);
    expect(encodeQr('x'.repeat(14)).version).toBe(1);
    expect(encodeQr('x'.repeat(15)).version).toBe(2);
    expect(encodeQr('x'.repeat(213)).version).toBe(10);
    expect(() => encodeQr('x'.repeat(214))).toThrow(RangeError);
    expect(encodeQr('x'.repeat(271), { ecc: 'L' }).version).toBe(10);
  });

  it('encodes text as UTF-8', () => {
    expect(encodeQr('ñ'.repeat(7)).version).toBe(1);
    expect(encodeQr('ñ'.repeat(8)).version).toBe(2);
  });

  it('renders one SVG path of unit squares behind a quiet zone', () => {
    const code = encodeQr('Hello');
    const path = qrPath(code);
    const dark = code.modules.flat().filter(Boolean).length;
    expect(path.match(/M/g)).toHaveLength(dark);
    expect(path.startsWith('M4 4h1v1h-1z')).toBe(true);
  });
});
