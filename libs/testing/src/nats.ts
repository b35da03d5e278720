import { connect } from 'nats';

export const TEST_NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/**
 * Whether NATS answers. Tests that need it are skipped with a loud notice when it does not, except
 * under CI=true, where a missing NATS fails the run.
 */
export async function natsAvailable(url = TEST_NATS_URL): Promise<boolean> {
  try {
    const nc = await connect({ servers: url, timeout: 2000, reconnect: false });
    await nc.close();
    return true;
  } catch {
    if (process.env.CI === 'true') throw new Error(`NATS does not answer at ${url}, and CI=true requires it`);
    console.warn(`\n!!! NATS does not answer at ${url}: the tests that need it are SKIPPED. Start NATS to run them. !!!\n`);
    return false;
  }
}
