// Docker HEALTHCHECK: asks the app this container runs for /readyz on the port it serves it on. The app is
// found from the running node process (PID 1 is tini), the port from the container's environment.
const { readdirSync, readFileSync } = require('node:fs');

const HEALTH_PORTS = { 'accounts-svc': 8081, 'rooms-svc': 8082, 'translate-svc': 8083, 'tts-svc': 8084, 'asr-svc': 8085 };

function runningApp() {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const entry = args.map((arg) => /dist\/server\/apps\/([^/]+)\/src\/main\.js$/.exec(arg)).find(Boolean);
      if (entry) return entry[1];
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

const app = runningApp();
// A one-shot migration has no endpoint: it is healthy while it runs.
if (app === 'migrate') process.exit(0);
const port = app in HEALTH_PORTS ? Number(process.env.HEALTH_PORT || HEALTH_PORTS[app]) : Number(process.env.PORT || 8080);

fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(4000) }).then(
  (res) => process.exit(res.ok ? 0 : 1),
  () => process.exit(1),
);
