import { useMemo } from 'react';
import { encodeQr, qrPath } from './qr-code';

const QUIET_ZONE = 4;

/** A QR code drawn as one SVG path: crisp at any size, from a phone screen to a projector. */
export function QrCode({ value, label, className, testId }: { value: string; label: string; className?: string; testId?: string }) {
  const code = useMemo(() => encodeQr(value), [value]);
  const extent = code.size + QUIET_ZONE * 2;
  return (
    <svg
      className={className ? `qr-code ${className}` : 'qr-code'}
      viewBox={`0 0 ${extent} ${extent}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid={testId}
      data-version={code.version}
    >
      <rect width={extent} height={extent} fill="#ffffff" />
      <path d={qrPath(code, QUIET_ZONE)} fill="#000000" />
    </svg>
  );
}
