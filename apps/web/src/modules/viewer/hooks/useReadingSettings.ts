import { useEffect, useState } from 'react';
import { loadReadingSettings, saveReadingSettings, type ReadingSettings, type ReadingSurface, type Theme } from '../reading-settings';

/** This browser's reading settings for a surface: applied at once, kept for its next visit. */
export function useReadingSettings(surface: ReadingSurface) {
  const [settings, setSettings] = useState<ReadingSettings>(() => loadReadingSettings(surface));
  const update = (change: Partial<ReadingSettings>) => {
    const next = { ...settings, ...change };
    setSettings(next);
    saveReadingSettings(surface, next);
  };
  return [settings, update] as const;
}

/** The page's colours while it is shown: `system` leaves them to the device's light or dark mode. */
export function usePageTheme(theme: Theme): void {
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') return;
    root.dataset.theme = theme;
    return () => {
      delete root.dataset.theme;
    };
  }, [theme]);
}
