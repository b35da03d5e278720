import { FakeOpenAiServer } from './fake-openai.server';

/** Runs the fake LLM on its own, e.g. for end-to-end tests: `PORT=4010 node .../fake-openai/main.js`. */
const server = new FakeOpenAiServer();
server.start(Number(process.env.PORT ?? 4010)).then((url) => console.log(`fake OpenAI-compatible server on ${url}`));
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
