import { useEffect, useState } from 'react';

const COPIED_FOR_MS = 2000;

/** Copies a value to the clipboard and says so for a moment; a refused clipboard is only logged. */
export function useCopy(value: string): { copied: boolean; copy: () => Promise<void> } {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch (error) {
      console.warn('Clipboard copy failed', error);
    }
  };

  return { copied, copy };
}
