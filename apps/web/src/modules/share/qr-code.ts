import qrcode from 'qrcode-generator';

// Links may carry a room name in any script: the library's byte mode would keep only each character's low byte.
qrcode.stringToBytes = (text: string) => Array.from(new TextEncoder().encode(text));

export interface QrMatrix {
  version: number;
  size: number;
  /** `modules[y][x]`: true is dark. */
  modules: boolean[][];
}

/** The smallest QR code (byte mode, error correction M, the library's best mask) that holds `text`. */
export function encodeQr(text: string): QrMatrix {
  const code = qrcode(0, 'M');
  code.addData(text, 'Byte');
  code.make();
  const size = code.getModuleCount();
  const modules = Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => code.isDark(y, x)));
  return { version: (size - 17) / 4, size, modules };
}

/** One SVG path of unit squares, one per dark module, behind a quiet zone. */
export function qrPath(code: QrMatrix, quietZone: number): string {
  const parts: string[] = [];
  code.modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + quietZone} ${y + quietZone}h1v1h-1z`);
    }),
  );
  return parts.join('');
}
