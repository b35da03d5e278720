// What the end-to-end tests talk to (serve.mjs starts each): the list Playwright's `webServer` starts, and that
// `npm test` (scripts/test.mjs) can start ahead of the suite, while the integration tests run, so that the suite
// finds them answering rather than waiting for them to come up.
import { spawn, spawnSync } from 'node:child_process';
import { openSync } from 'node:fs';
import { E2E } from './ports.mjs';

/** Set (to `running`) by whoever started the servers below and saw each answer: Playwright then uses them. */
export const SERVERS_RUNNING = 'LT_E2E_SERVERS';

/** Whether NATS answers; without it the distributed project is skipped loudly, or fails the run under CI. */
export function natsAnswers() {
  const url = new URL((process.env.NATS_URL ?? 'nats://127.0.0.1:4222').split(',')[0]);
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `require('net').connect(${Number(url.port || 4222)}, '${url.hostname}').on('connect', () => process.exit(0)).on('error', () => process.exit(1))`,
    ],
    { timeout: 3000 },
  );
  return probe.status === 0;
}

/** Each server: what serve.mjs starts, and the address that answers once it is ready. */
export function e2eServers(withNats) {
  const server = (what, port, path) => ({ what, url: `http://127.0.0.1:${port}${path}` });
  return [
    server('llm', E2E.llmPort, '/__calls'),
    ...(withNats ? [server('llm-distributed', E2E.distributedLlmPort, '/__calls')] : []),
    server('asr', E2E.asrPort, '/_fake/sessions'),
    ...(withNats ? [server('asr-distributed', E2E.distributedAsrPort, '/_fake/sessions')] : []),
    server('smtp', E2E.mailHttpPort, '/__mails'),
    server('oidc', E2E.oidcPort, '/realms/lt/.well-known/openid-configuration'),
    server('embedded', E2E.embeddedPort, '/healthz'),
    ...(withNats ? [server('distributed', E2E.distributedPort, '/healthz')] : []),
  ];
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(url) {
  try {
    // What Playwright takes for a server that is up.
    const { status } = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return status >= 200 && status < 404;
  } catch {
    return false;
  }
}

/**
 * Starts every server from the checkout at `root`, each in a process group of its own, their output to
 * `logFile`. `ready` resolves true once each answers, false when one exits first or does not answer within
 * `timeoutMs` of the start (five minutes: they start beside the integration tests, on a busy machine);
 * `answering()` checks each once more; `stop()` ends them as Playwright would (SIGTERM, then SIGKILL after 10 s)
 * and resolves once they are gone.
 */
export function startE2eServers({ root, env, logFile, withNats = natsAnswers(), timeoutMs = 300_000 }) {
  const log = openSync(logFile, 'a');
  const running = new Set();
  const children = e2eServers(withNats).map(({ what, url }) => {
    const child = spawn(process.execPath, ['tests/e2e/serve.mjs', what], {
      cwd: root,
      env,
      detached: true,
      stdio: ['ignore', log, log],
    });
    running.add(child);
    const exited = new Promise((resolve) => child.on('exit', () => (running.delete(child), resolve())));
    return { what, url, child, exited };
  });
  const killAll = (signal) => {
    for (const child of running) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
  };
  // Nothing outlives the run, however it ends: on its exit, or when it is interrupted (the signal then ends it
  // as it would have without this handler).
  process.on('exit', () => killAll('SIGKILL'));
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      killAll('SIGTERM');
      process.kill(process.pid, signal);
    });
  }
  const deadline = Date.now() + timeoutMs;
  const ready = (async () => {
    for (const { what, url, child } of children) {
      while (!(await answers(url))) {
        if (!running.has(child)) return (console.log(`--- end-to-end server "${what}" exited before it answered`), false);
        if (Date.now() > deadline) return (console.log(`--- end-to-end server "${what}" does not answer on ${url}`), false);
        await sleep(250);
      }
    }
    return true;
  })();
  const stop = async () => {
    killAll('SIGTERM');
    const gone = Promise.all(children.map(({ exited }) => exited));
    if ((await Promise.race([gone.then(() => true), sleep(10_000).then(() => false)])) === false) {
      killAll('SIGKILL');
      await gone;
    }
  };
  /** Whether each still answers (one may have stopped since it was ready). */
  const answering = async () => (await Promise.all(children.map(({ url }) => answers(url)))).every(Boolean);
  return { ready, answering, stop };
}
