import { BUS_PAGE_BYTES } from '@lt/contracts';

const encoder = new TextEncoder();

/** The bytes of a value as it travels on the bus: its JSON in UTF-8. */
export function jsonBytes(value: unknown): number {
  return encoder.encode(JSON.stringify(value) ?? '').length;
}

/**
 * The part of a list that one bus message may carry: the first items (the last, `fromEnd`) whose JSON together
 * stays within `maxBytes`, and always one at least (an item is bounded by its own schema, far below the limit).
 * A list on the bus is paged with this, whatever the number of rows asked for: a row's size is the caller's
 * choice (questions of quotes, lines of the maximal length), so a count alone bounds nothing.
 */
export function withinBytes<T>(items: readonly T[], options: { maxBytes?: number; fromEnd?: boolean } = {}): T[] {
  const maxBytes = options.maxBytes ?? BUS_PAGE_BYTES;
  const ordered = options.fromEnd ? [...items].reverse() : items;
  const kept: T[] = [];
  let total = 2;
  for (const item of ordered) {
    total += jsonBytes(item) + 1;
    if (kept.length > 0 && total > maxBytes) break;
    kept.push(item);
  }
  return options.fromEnd ? kept.reverse() : kept;
}

/** A page of a list with whether more follows: `more` when the rows read were cut to fit, or filled the limit. */
export function bytePage<T>(rows: readonly T[], limit: number, maxBytes = BUS_PAGE_BYTES): { items: T[]; more: boolean } {
  const items = withinBytes(rows, { maxBytes });
  return { items, more: items.length < rows.length || rows.length >= limit };
}
