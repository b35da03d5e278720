import { FakeAsrServer } from './fake-asr.server';

/**
 * Runs the fake speech provider on its own, e.g. for end-to-end tests: `PORT=4020 node .../fake-asr/main.js`.
 * Deepgram's protocol on `/v1/listen`, OpenAI's realtime on `/v1/realtime`; a test sets its words over HTTP.
 */
void FakeAsrServer.start({ port: Number(process.env.PORT ?? 4020), apiKey: process.env.FAKE_ASR_KEY || undefined }).then((server) => {
  console.log(`fake speech provider on ${server.baseUrl}`);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
});
