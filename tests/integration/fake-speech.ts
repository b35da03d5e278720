import { FakeGoogleTtsServer } from '@lt/testing';

/**
 * A fake speech provider for a suite: call it before `describeStack`, so that it answers before the stack starts.
 * Jest runs `afterAll` hooks in the order they are declared, so it stops before the stack closes (tts-svc calls it
 * for nothing while closing). `env` is tts-svc's settings to call it (read inside the stack's settings function).
 */
export function fakeSpeechProvider() {
  let server: FakeGoogleTtsServer | undefined;
  beforeAll(async () => {
    server = new FakeGoogleTtsServer();
    await server.start();
  });
  afterAll(() => server?.stop());
  const started = () => {
    if (!server) throw new Error("the suite's speech provider is not started (read it inside a test or hook)");
    return server;
  };
  return {
    get server() {
      return started();
    },
    env: (extra: Record<string, string> = {}) => ({
      TTS_PROVIDER: 'google',
      GOOGLE_TTS_API_KEY: 'google-test-key',
      GOOGLE_TTS_URL: started().url,
      ...extra,
    }),
  };
}
