import { render } from '@testing-library/react';
import { readQr } from '../../../test/zbar';
import { viewerUrl } from '../../lib/links';
import { QrCode } from './QrCode';

const PIXELS_PER_MODULE = 4;

/** The drawn SVG as a greyscale image (binary PGM): each `M{x} {y}h1v1h-1z` square of the path is one dark module. */
function rasterize(svg: SVGSVGElement): Uint8Array {
  const extent = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const side = extent * PIXELS_PER_MODULE;
  const header = new TextEncoder().encode(`P5\n${side} ${side}\n255\n`);
  const image = new Uint8Array(header.length + side * side).fill(255);
  image.set(header);
  const path = svg.querySelector('path')?.getAttribute('d') ?? '';
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < PIXELS_PER_MODULE; dy++) {
      const start = header.length + (Number(y) * PIXELS_PER_MODULE + dy) * side + Number(x) * PIXELS_PER_MODULE;
      image.fill(0, start, start + PIXELS_PER_MODULE);
    }
  }
  return image;
}

describe('QrCode', () => {
  it.each([
    ['a viewer link', viewerUrl('https://rooms.example.org', '3f1c6a2e-8b4d-4e0f-9a7b-5c2d1e0f9a8b')],
    ['a room name in other scripts', viewerUrl('http://localhost:8080', 'c0ffee00-0000-4000-8000-000000000001', 'Conférence 東京 — día 2')],
    ['a link longer than 200 bytes', `https://rooms.example.org/view/${'a'.repeat(40)}?name=${'ñ'.repeat(80)}`],
  ])('draws %s so that a phone camera reads it back', async (_case, link) => {
    const { getByTestId } = render(<QrCode value={link} label="QR" testId="qr" />);
    const svg = getByTestId('qr') as unknown as SVGSVGElement;
    expect(await readQr(rasterize(svg))).toBe(link);
  });

  it('uses the smallest version that holds the link, with a quiet zone of four modules', () => {
    const { getByTestId } = render(<QrCode value="Hello" label="QR" testId="qr" />);
    const svg = getByTestId('qr');
    expect(svg.getAttribute('data-version')).toBe('1');
    expect(svg.getAttribute('viewBox')).toBe('0 0 29 29');
    expect(svg.querySelector('path')?.getAttribute('d')?.startsWith('M4 4h1v1h-1z')).toBe(true);
  });
});
