import { join } from 'node:path';
import { natsServerSpec, ProcessHarness, ROOT, serverAppSpec } from './harness';

export type ServiceName = 'accounts-svc' | 'rooms-svc' | 'translate-svc' | 'tts-svc';
export type GatewayName = `gateway-${number}`;
export type ProcessName = ServiceName | GatewayName | 'nats';

export const SERVICES: readonly ServiceName[] = ['accounts-svc', 'rooms-svc', 'translate-svc', 'tts-svc'];

export interface ClusterOptions {
  databaseUrl: string;
  /** The language model's OpenAI-compatible base URL (…/v1). */
  llmUrl: string;
  /**
   * First of the cluster's ports: NATS on it, the services' health ports on +1..+4 (accounts, rooms,
   * translate, tts), the gateways on +11, +12, …
   */
  basePort: number;
  gateways: number;
  /** Where each process's log goes. */
  logDir: string;
}

/**
 * The product in distributed mode as real processes: a NATS server of its own, each service from
 * dist/server, and several gateways, every one of which can be killed and started again on its ports.
 */
export class ProductCluster {
  readonly harness: ProcessHarness;
  readonly gatewayNames: GatewayName[] = [];
  readonly natsUrl: string;

  constructor(readonly options: ClusterOptions) {
    const { basePort } = options;
    this.harness = new ProcessHarness(`p${basePort}`, options.logDir);
    this.natsUrl = `nats://127.0.0.1:${basePort}`;
    const common: Record<string, string> = {
      DATABASE_URL: options.databaseUrl,
      NATS_URL: this.natsUrl,
      NATS_SUBJECT_PREFIX: `chaos${basePort}`,
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: options.llmUrl,
      OPENAI_MODEL: 'gpt-4o',
      // A host speaking faster than any person: the per-room sentence rate must not send them to the fallback.
      ROOM_TRANSLATION_BURST: '100000',
      ROOM_TRANSLATION_REFILL_PER_SECOND: '100000',
      ROOM_TRANSLATION_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      // Several processes on one host: one metrics port each would be needed; the faults do not use them.
      METRICS_PORT: '0',
      // The spoken room is anonymous: its token budget must outlast the run.
      ANON_ROOM_TOKEN_BUDGET: '100000000',
      DATA_DIR: join(options.logDir, 'data'),
    };
    this.harness.define('nats', natsServerSpec(basePort));
    SERVICES.forEach((name, i) => {
      const health = basePort + 1 + i;
      this.harness.define(name, serverAppSpec(name, { ...common, HEALTH_PORT: String(health) }, { http: health }, [health]));
    });
    for (let g = 1; g <= options.gateways; g++) {
      const port = basePort + 10 + g;
      const name: GatewayName = `gateway-${g}`;
      this.harness.define(
        name,
        serverAppSpec(
          'gateway',
          { ...common, PORT: String(port), HOST: '127.0.0.1', WEB_DIST: join(ROOT, 'dist/no-web-app') },
          { http: port },
          [port],
        ),
      );
      this.gatewayNames.push(name);
    }
  }

  /** NATS, then the services, then the gateways. */
  async start(): Promise<void> {
    await this.harness.start('nats');
    await this.harness.startAll([...SERVICES]);
    await this.harness.startAll(this.gatewayNames);
  }

  gatewayUrl(name: GatewayName): string {
    return `http://127.0.0.1:${this.options.basePort + 10 + Number(name.slice('gateway-'.length))}`;
  }

  /** `home` while it is ready, else the first other gateway that is (or `home`, to fail and retry). */
  pickGateway(home: GatewayName): string {
    if (this.harness.isReady(home)) return this.gatewayUrl(home);
    const other = this.gatewayNames.find((name) => this.harness.isReady(name));
    return this.gatewayUrl(other ?? home);
  }

  async stop(): Promise<void> {
    await this.harness.stopAll();
  }
}
