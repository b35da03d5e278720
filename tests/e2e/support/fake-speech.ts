/**
 * Runs in the page before its scripts (addInitScript): a SpeechRecognition that the test drives with
 * `window.__speech.say(text, confidence, isFinal)`, since headless Chromium cannot recognise speech; the
 * page is set to recognise in the browser.
 */
export function installFakeSpeechRecognition(): void {
  type Listener = (event: unknown) => void;
  const instances: FakeRecognition[] = [];

  class FakeRecognition {
    lang = '';
    continuous = false;
    interimResults = false;
    maxAlternatives = 1;
    running = false;
    onstart: Listener | null = null;
    onend: Listener | null = null;
    onerror: Listener | null = null;
    onresult: Listener | null = null;
    private listeners: Record<string, Listener[]> = {};

    constructor() {
      instances.push(this);
    }
    addEventListener(type: string, listener: Listener) {
      (this.listeners[type] ??= []).push(listener);
    }
    removeEventListener(type: string, listener: Listener) {
      this.listeners[type] = (this.listeners[type] ?? []).filter((l) => l !== listener);
    }
    fire(type: string, event: Record<string, unknown> = {}) {
      const e = { type, ...event };
      const handler = (this as unknown as Record<string, Listener | null>)[`on${type}`];
      handler?.call(this, e);
      (this.listeners[type] ?? []).forEach((l) => l.call(this, e));
    }
    start() {
      this.running = true;
      setTimeout(() => this.fire('start'), 10);
    }
    stop() {
      if (!this.running) return;
      this.running = false;
      setTimeout(() => this.fire('end'), 10);
    }
    abort() {
      this.stop();
    }
  }

  // The stacks recognise on the server too (a fake provider): these pages' hosts and speakers pick "in this
  // browser", as the page remembers (RECOGNITION_MODE_KEY of useRecognition).
  try {
    if (!window.localStorage.getItem('lt.recognition.mode')) window.localStorage.setItem('lt.recognition.mode', 'browser');
  } catch {
    // about:blank and other opaque origins have no storage, and no host page either
  }

  const w = window as unknown as Record<string, unknown>;
  w.SpeechRecognition = FakeRecognition;
  w.webkitSpeechRecognition = FakeRecognition;
  w.__speech = {
    /** How many recognisers are listening now. */
    listening: () => instances.filter((i) => i.running).length,
    say(text: string, confidence = 0.95, isFinal = true) {
      const active = instances.filter((i) => i.running);
      for (const recognition of active) {
        const alternative = { transcript: text, confidence };
        const result = Object.assign([alternative], { isFinal, item: () => alternative });
        const results = Object.assign([result], { item: () => result });
        recognition.fire('result', { resultIndex: 0, results });
      }
      return active.length;
    },
  };
}
