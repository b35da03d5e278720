import type { TranslationFrame } from '@lt/contracts';
import { useCallback, useState } from 'react';
import { addArrival, captionDelay, type Arrival } from '../caption-delay';

/** The arrivals of the latest translations said live; `ms` gives their delay once the clock offset is known. */
export function useCaptionDelay() {
  const [arrivals, setArrivals] = useState<readonly Arrival[]>([]);
  const record = useCallback((frame: TranslationFrame) => {
    const arrivedAt = Date.now();
    setArrivals((previous) => addArrival(previous, frame.timestamp, arrivedAt));
  }, []);
  return { record, ms: (offset: number | null) => captionDelay(arrivals, offset) };
}
