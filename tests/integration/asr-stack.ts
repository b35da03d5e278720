import { FakeAsrServer, type FakeAsrOptions } from '@lt/testing';
import { describeStack, type StackFixture, type StackFixtureOptions } from '../support/describe-stack';
import type { StackMode } from '../support/stack';

/** A suite's stack that recognises speech on the server, with its fake provider. */
export interface AsrStackFixture extends StackFixture {
  readonly fake: FakeAsrServer;
}

/** asr-svc's settings to recognise with the fake provider's Deepgram protocol (key `apiKey`), `extra` over them. */
export const deepgramOf = (fake: FakeAsrServer, extra: Record<string, string> = {}, apiKey = 'asr-key'): Record<string, string> => ({
  ASR_PROVIDER: 'deepgram',
  DEEPGRAM_API_KEY: apiKey,
  DEEPGRAM_URL: fake.deepgramUrl,
  ...extra,
});

/**
 * The suite's stack (describeStack) with a fake speech-recognition provider, started before it and stopped after it;
 * `asr` gives asr-svc's settings for that fake. Call it at the top of a `describe`.
 */
export function describeAsrStack(
  mode: StackMode,
  options: {
    fake: FakeAsrOptions;
    asr: (fake: FakeAsrServer) => Record<string, string>;
    asrReplicas?: number;
    gatewayEnv?: StackFixtureOptions['gatewayEnv'];
  },
): AsrStackFixture {
  let fake: FakeAsrServer | undefined;
  const started = () => {
    if (!fake) throw new Error("the suite's speech recognition is not started (read it inside a test or hook)");
    return fake;
  };
  beforeAll(async () => {
    fake = await FakeAsrServer.start(options.fake);
  });
  const suite = describeStack(() => ({
    mode,
    asr: options.asr(started()),
    asrReplicas: options.asrReplicas,
    gatewayEnv: options.gatewayEnv,
  }));
  // Declared after the stack's hooks: the provider stops once the stack is closed, never under a running asr-svc.
  afterAll(() => fake?.close());
  return Object.defineProperty(suite, 'fake', { get: started }) as AsrStackFixture;
}

/**
 * The suite's stack with the venue feed ingest on: asr-svc listens on `ports` (the gateway shows them in the
 * addresses) and a fake Deepgram hears `said`; `asr` adds to asr-svc's settings.
 */
export const describeFeedStack = (
  mode: StackMode,
  said: string,
  ports: { INGEST_SRT_PORT: string; INGEST_RTMP_PORT: string },
  asr: Record<string, string> = {},
): AsrStackFixture =>
  describeAsrStack(mode, {
    fake: { script: [said] },
    asr: (fake) => deepgramOf(fake, { INGEST_ENABLED: 'true', INGEST_HOST: '127.0.0.1', ...ports, ...asr }, 'deepgram-test-key'),
    gatewayEnv: { INGEST_ENABLED: 'true', INGEST_PUBLIC_HOST: '127.0.0.1', ...ports },
  });
