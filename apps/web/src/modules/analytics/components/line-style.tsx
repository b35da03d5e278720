import { colorOf } from '../analytics-series';

/** Dashes per series: two languages with the same figures still show as two lines, one over the other. */
const DASHES = ['', '8 4', '2 3', '12 4 2 4', '4 4'];
type Shape = 'circle' | 'square' | 'triangle' | 'diamond' | 'cross';
const SHAPES: Shape[] = ['circle', 'square', 'triangle', 'diamond', 'cross'];

function markerPath(shape: Shape, x: number, y: number): string {
  const r = 4;
  switch (shape) {
    case 'square':
      return `M${x - r},${y - r}h${2 * r}v${2 * r}h${-2 * r}z`;
    case 'triangle':
      return `M${x},${y - r - 1}L${x + r + 1},${y + r}L${x - r - 1},${y + r}z`;
    case 'diamond':
      return `M${x},${y - r - 1}L${x + r + 1},${y}L${x},${y + r + 1}L${x - r - 1},${y}z`;
    case 'cross':
      return `M${x - r},${y - r}L${x + r},${y + r}M${x + r},${y - r}L${x - r},${y + r}`;
    case 'circle':
      return `M${x - r},${y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
  }
}

interface DotProps {
  cx?: number;
  cy?: number;
  index?: number;
  value?: unknown;
}

/** The look of the `index`th line: its colour, dash, and a marker of its own shape at each point. */
export function lineStyle(index: number) {
  const color = colorOf(index);
  const shape = SHAPES[index % SHAPES.length];
  const dot = ({ cx, cy, index: point, value }: DotProps) =>
    cx === undefined || cy === undefined || value === null || value === undefined ? (
      <g key={point} />
    ) : (
      <path
        key={point}
        d={markerPath(shape, cx, cy)}
        // Every other marker hollow: two at the same point both show (a square around a dot).
        fill={index % 2 === 1 || shape === 'cross' ? 'none' : color}
        stroke={color}
        strokeWidth={2}
        className="analytics-marker"
        data-shape={shape}
        data-series={index}
      />
    );
  return {
    type: 'monotone' as const,
    stroke: color,
    strokeWidth: 2,
    strokeDasharray: DASHES[index % DASHES.length] || undefined,
    dot,
    activeDot: { r: 5 },
    legendType: shape === 'cross' ? ('cross' as const) : shape,
    isAnimationActive: false,
  };
}
