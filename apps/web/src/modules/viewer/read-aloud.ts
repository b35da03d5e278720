/** Reads translations with the browser's own voices; silently does nothing where there are none. */
export function readAloudAvailable(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';
}

export function readAloud(text: string, voiceLang: string): void {
  if (!readAloudAvailable() || !text.trim()) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = voiceLang;
  window.speechSynthesis.speak(utterance);
}

export function stopReadingAloud(): void {
  if (readAloudAvailable()) window.speechSynthesis.cancel();
}
