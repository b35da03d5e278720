import { natsAvailable } from '../../libs/testing/src/nats';

/** Checks once per run whether NATS answers; the distributed-mode suites read the answer. */
export default async function globalSetup(): Promise<void> {
  process.env.LT_NATS_AVAILABLE = (await natsAvailable()) ? '1' : '0';
}
