/**
 * A QR code encoder (ISO/IEC 18004) for links: byte mode, error correction L or M, versions 1 to 10 (up to
 * 213 bytes at M, 271 at L), which covers any room link. Small enough to ship in the host page's chunk, where a
 * library would weigh more than everything else in it.
 */

export type QrErrorCorrection = 'L' | 'M';

export interface QrOptions {
  ecc?: QrErrorCorrection;
  /** 0–7; by default the mask with the lowest penalty, as the standard says. */
  mask?: number;
}

export interface QrCode {
  version: number;
  ecc: QrErrorCorrection;
  mask: number;
  size: number;
  /** `modules[y][x]`: true is dark. */
  modules: boolean[][];
}

export const QR_MAX_VERSION = 10;

/** Per version 1–10: error correction codewords per block, then [blocks, data codewords] groups. */
type BlockSpec = { ec: number; groups: [number, number][] };
const BLOCKS: Record<QrErrorCorrection, BlockSpec[]> = {
  L: [
    { ec: 7, groups: [[1, 19]] },
    { ec: 10, groups: [[1, 34]] },
    { ec: 15, groups: [[1, 55]] },
    { ec: 20, groups: [[1, 80]] },
    { ec: 26, groups: [[1, 108]] },
    { ec: 18, groups: [[2, 68]] },
    { ec: 20, groups: [[2, 78]] },
    { ec: 24, groups: [[2, 97]] },
    { ec: 30, groups: [[2, 116]] },
    { ec: 18, groups: [[2, 68], [2, 69]] },
  ],
  M: [
    { ec: 10, groups: [[1, 16]] },
    { ec: 16, groups: [[1, 28]] },
    { ec: 26, groups: [[1, 44]] },
    { ec: 18, groups: [[2, 32]] },
    { ec: 24, groups: [[2, 43]] },
    { ec: 16, groups: [[4, 27]] },
    { ec: 18, groups: [[4, 31]] },
    { ec: 22, groups: [[2, 38], [2, 39]] },
    { ec: 22, groups: [[3, 36], [2, 37]] },
    { ec: 26, groups: [[4, 43], [1, 44]] },
  ],
};

const ALIGNMENT: number[][] = [
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
];

const FORMAT_BITS: Record<QrErrorCorrection, number> = { L: 1, M: 0 };

function dataCapacity(version: number, ecc: QrErrorCorrection): number {
  return BLOCKS[ecc][version - 1].groups.reduce((sum, [count, size]) => sum + count * size, 0);
}

/** Bytes a version holds in byte mode: the mode (4 bits), the count (8 bits, 16 from version 10) and the data. */
export function byteCapacity(version: number, ecc: QrErrorCorrection): number {
  const countBits = version < 10 ? 8 : 16;
  return Math.floor((dataCapacity(version, ecc) * 8 - 4 - countBits) / 8);
}

// GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1.
function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

function rsDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(result[j], root);
      if (j + 1 < degree) result[j] ^= result[j + 1];
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

function rsRemainder(data: readonly number[], divisor: readonly number[]): number[] {
  const result = divisor.map(() => 0);
  for (const byte of data) {
    const factor = byte ^ (result.shift() as number);
    result.push(0);
    divisor.forEach((coefficient, i) => (result[i] ^= gfMultiply(coefficient, factor)));
  }
  return result;
}

function dataCodewords(bytes: Uint8Array, version: number, ecc: QrErrorCorrection): number[] {
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  bytes.forEach((byte) => put(byte, 8));
  const capacityBits = dataCapacity(version, ecc) * 8;
  put(0, Math.min(4, capacityBits - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0));
  for (let pad = 0xec; codewords.length < capacityBits / 8; pad ^= 0xec ^ 0x11) codewords.push(pad);
  return codewords;
}

/** Splits the data into blocks, adds each block's error correction and interleaves them. */
function finalCodewords(data: readonly number[], version: number, ecc: QrErrorCorrection): number[] {
  const spec = BLOCKS[ecc][version - 1];
  const divisor = rsDivisor(spec.ec);
  const blocks: { data: number[]; ec: number[] }[] = [];
  let offset = 0;
  for (const [count, size] of spec.groups) {
    for (let i = 0; i < count; i++) {
      const block = data.slice(offset, offset + size);
      offset += size;
      blocks.push({ data: block, ec: rsRemainder(block, divisor) });
    }
  }
  const result: number[] = [];
  const longest = Math.max(...blocks.map((block) => block.data.length));
  for (let i = 0; i < longest; i++) for (const block of blocks) if (i < block.data.length) result.push(block.data[i]);
  for (let i = 0; i < spec.ec; i++) for (const block of blocks) result.push(block.ec[i]);
  return result;
}

class Matrix {
  readonly modules: boolean[][];
  readonly reserved: boolean[][];

  constructor(readonly size: number) {
    this.modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
    this.reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  }

  fixed(x: number, y: number, dark: boolean): void {
    this.modules[y][x] = dark;
    this.reserved[y][x] = true;
  }
}

function drawFunctionPatterns(matrix: Matrix, version: number): void {
  const { size } = matrix;
  for (let i = 0; i < size; i++) {
    matrix.fixed(6, i, i % 2 === 0);
    matrix.fixed(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ]) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || y < 0 || x >= size || y >= size) continue;
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        matrix.fixed(x, y, distance !== 2 && distance !== 4);
      }
    }
  }
  const positions = ALIGNMENT[version - 1];
  const last = positions.length - 1;
  positions.forEach((cy, i) =>
    positions.forEach((cx, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) matrix.fixed(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    }),
  );
  // Reserved now, written once the mask is known.
  drawFormat(matrix, 'M', 0);
  if (version >= 7) drawVersion(matrix, version);
}

function drawFormat(matrix: Matrix, ecc: QrErrorCorrection, mask: number): void {
  const data = (FORMAT_BITS[ecc] << 3) | mask;
  let remainder = data;
  for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
  const bits = ((data << 10) | remainder) ^ 0x5412;
  const bit = (i: number) => ((bits >>> i) & 1) === 1;
  const { size } = matrix;
  for (let i = 0; i <= 5; i++) matrix.fixed(8, i, bit(i));
  matrix.fixed(8, 7, bit(6));
  matrix.fixed(8, 8, bit(7));
  matrix.fixed(7, 8, bit(8));
  for (let i = 9; i < 15; i++) matrix.fixed(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) matrix.fixed(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) matrix.fixed(8, size - 15 + i, bit(i));
  matrix.fixed(8, size - 8, true);
}

function drawVersion(matrix: Matrix, version: number): void {
  let remainder = version;
  for (let i = 0; i < 12; i++) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
  const bits = (version << 12) | remainder;
  for (let i = 0; i < 18; i++) {
    const dark = ((bits >>> i) & 1) === 1;
    const a = matrix.size - 11 + (i % 3);
    const b = Math.floor(i / 3);
    matrix.fixed(a, b, dark);
    matrix.fixed(b, a, dark);
  }
}

function drawCodewords(matrix: Matrix, codewords: readonly number[]): void {
  const { size } = matrix;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let vertical = 0; vertical < size; vertical++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = upward ? size - 1 - vertical : vertical;
        if (matrix.reserved[y][x] || i >= codewords.length * 8) continue;
        matrix.modules[y][x] = ((codewords[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
        i++;
      }
    }
  }
}

const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

function applyMask(matrix: Matrix, mask: number): void {
  const test = MASKS[mask];
  for (let y = 0; y < matrix.size; y++) {
    for (let x = 0; x < matrix.size; x++) if (!matrix.reserved[y][x] && test(x, y)) matrix.modules[y][x] = !matrix.modules[y][x];
  }
}

const FINDER_LIKE = [
  [true, false, true, true, true, false, true, false, false, false, false],
  [false, false, false, false, true, false, true, true, true, false, true],
];

function linePenalty(line: readonly boolean[]): number {
  let penalty = 0;
  let run = 1;
  for (let i = 1; i <= line.length; i++) {
    if (i < line.length && line[i] === line[i - 1]) {
      run++;
      continue;
    }
    if (run >= 5) penalty += 3 + (run - 5);
    run = 1;
  }
  for (let i = 0; i + 11 <= line.length; i++) {
    if (FINDER_LIKE.some((pattern) => pattern.every((dark, k) => line[i + k] === dark))) penalty += 40;
  }
  return penalty;
}

/** The standard's four penalty rules: runs, 2×2 blocks, finder-like patterns, dark balance. */
export function maskPenalty(modules: readonly boolean[][]): number {
  const size = modules.length;
  let penalty = 0;
  let dark = 0;
  for (let y = 0; y < size; y++) {
    penalty += linePenalty(modules[y]);
    penalty += linePenalty(modules.map((row) => row[y]));
    for (let x = 0; x < size; x++) {
      if (modules[y][x]) dark++;
      if (x + 1 < size && y + 1 < size) {
        const c = modules[y][x];
        if (modules[y][x + 1] === c && modules[y + 1][x] === c && modules[y + 1][x + 1] === c) penalty += 3;
      }
    }
  }
  const total = size * size;
  penalty += (Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1) * 10;
  return penalty;
}

/** Encodes text (as UTF-8) in the smallest version that holds it; throws when even version 10 cannot. */
export function encodeQr(text: string, options: QrOptions = {}): QrCode {
  const ecc = options.ecc ?? 'M';
  const bytes = new TextEncoder().encode(text);
  let version = 1;
  while (version <= QR_MAX_VERSION && byteCapacity(version, ecc) < bytes.length) version++;
  if (version > QR_MAX_VERSION) throw new RangeError(`Text too long for a QR code up to version ${QR_MAX_VERSION}`);

  const codewords = finalCodewords(dataCodewords(bytes, version, ecc), version, ecc);
  const build = (mask: number) => {
    const matrix = new Matrix(version * 4 + 17);
    drawFunctionPatterns(matrix, version);
    drawCodewords(matrix, codewords);
    applyMask(matrix, mask);
    drawFormat(matrix, ecc, mask);
    return matrix;
  };

  let mask = options.mask;
  if (mask === undefined) {
    let best = Infinity;
    for (let candidate = 0; candidate < 8; candidate++) {
      const penalty = maskPenalty(build(candidate).modules);
      if (penalty < best) {
        best = penalty;
        mask = candidate;
      }
    }
  }
  const chosen = mask ?? 0;
  const matrix = build(chosen);
  return { version, ecc, mask: chosen, size: matrix.size, modules: matrix.modules };
}

/** One SVG path of every dark module, in module units, offset by the quiet zone. */
export function qrPath(code: QrCode, quietZone = 4): string {
  const parts: string[] = [];
  code.modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + quietZone} ${y + quietZone}h1v1h-1z`);
    }),
  );
  return parts.join('');
}
