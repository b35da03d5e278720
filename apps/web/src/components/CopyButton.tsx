import { useEffect, useState } from 'react';

const COPIED_FOR_MS = 2000;

/** Copies a value to the clipboard and says so for a moment; a refused clipboard is only logged. */
export function CopyButton({
  value,
  label,
  copiedLabel,
  testId,
  ariaLabel,
  className = 'btn btn-secondary',
}: {
  value: string;
  label: string;
  copiedLabel: string;
  testId: string;
  ariaLabel?: string;
  className?: string;
}) {
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

  return (
    <button type="button" className={className} data-testid={testId} aria-label={ariaLabel} onClick={copy}>
      {copied ? copiedLabel : label}
    </button>
  );
}
