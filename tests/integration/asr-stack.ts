import { createTestDatabase, FakeAsrServer, FakeOpenAiServer, type FakeAsrOptions, type TestDatabase } from '@lt/testing';
import { startStack, type Stack, type StackMode, type StackOptions } from '../support/stack';

/** A stack that recognises speech on the server, with its fake provider and fake language model. */
export interface AsrStack {
  db: TestDatabase;
  llm: FakeOpenAiServer;
  fake: FakeAsrServer;
  stack: Stack;
  close(): Promise<void>;
}

/** Starts the fakes, then the stack with asr-svc's settings for that fake (`asr`) and the gateway's; `close` stops them all. */
export async function startAsrStack(
  mode: StackMode,
  options: {
    fake: FakeAsrOptions;
    asr: (fake: FakeAsrServer) => Record<string, string>;
    asrReplicas?: number;
    gatewayEnv?: StackOptions['gatewayEnv'];
  },
): Promise<AsrStack> {
  const db = await createTestDatabase();
  const llm = new FakeOpenAiServer();
  await llm.start();
  const fake = await FakeAsrServer.start(options.fake);
  const stack = await startStack({
    mode,
    databaseUrl: db.url,
    llmUrl: llm.url,
    asr: options.asr(fake),
    asrReplicas: options.asrReplicas,
    gatewayEnv: options.gatewayEnv,
  });
  return {
    db,
    llm,
    fake,
    stack,
    close: async () => {
      await stack.close();
      await fake.close();
      await llm.stop();
      await db.drop();
    },
  };
}
