import { Injectable } from '@nestjs/common';
import {
  ACCOUNTS_SUBJECTS,
  ASR_SUBJECTS,
  ROOMS_SUBJECTS,
  TRANSLATE_SUBJECTS,
  TTS_SUBJECTS,
  type RequestRoute,
  type ServiceHealth,
  type SystemHealth,
} from '@lt/contracts';
import { Bus } from '@lt/platform';

/** How long a service has to answer before it counts as down: the panel waits for the slowest one only. */
export const HEALTH_TIMEOUT_MS = 1_500;

type Part = SystemHealth['parts'][number];

const SERVICES = [
  ['accounts', ACCOUNTS_SUBJECTS.health],
  ['rooms', ROOMS_SUBJECTS.health],
  ['translate', TRANSLATE_SUBJECTS.health],
  ['tts', TTS_SUBJECTS.health],
  ['asr', ASR_SUBJECTS.health],
] as const satisfies readonly [Part['name'], RequestRoute][];

/**
 * The admin panel's System Health as it is now: this gateway (up while it reaches the bus), each service
 * asked over the bus (down when it does not answer in time, or cannot reach its database), and the database
 * as the services that use it find it.
 */
@Injectable()
export class SystemHealthCheck {
  constructor(private readonly bus: Bus) {}

  async check(): Promise<SystemHealth> {
    const answers = await Promise.all(
      SERVICES.map(async ([name, route]): Promise<[Part['name'], ServiceHealth | Error]> => {
        try {
          return [name, await this.bus.request(route, {}, { timeoutMs: HEALTH_TIMEOUT_MS })];
        } catch (error) {
          return [name, error instanceof Error ? error : new Error(String(error))];
        }
      }),
    );
    const parts: Part[] = [
      this.bus.isConnected() ? { name: 'gateway', status: 'up' } : { name: 'gateway', status: 'down', detail: 'not connected to the bus' },
      ...answers.map(([name, answer]) => serviceStatus(name, answer)),
      databaseStatus(answers),
    ];
    return { checked_at: new Date().toISOString(), parts };
  }
}

function serviceStatus(name: Part['name'], answer: ServiceHealth | Error): Part {
  if (answer instanceof Error) return { name, status: 'down', detail: answer.message };
  if (answer.database === 'down') return { name, status: 'down', detail: `database unreachable: ${answer.detail ?? 'no answer'}` };
  return { name, status: answer.status };
}

/** Up when every service that uses it reached it, and at least one of them answered. */
function databaseStatus(answers: [Part['name'], ServiceHealth | Error][]): Part {
  const reports = answers.flatMap(([name, a]) => (a instanceof Error || !a.database ? [] : [[name, a] as const]));
  const failing = reports.filter(([, a]) => a.database === 'down');
  if (failing.length)
    return { name: 'database', status: 'down', detail: failing.map(([n, a]) => `${n}: ${a.detail ?? 'no answer'}`).join('; ') };
  if (reports.length === 0) return { name: 'database', status: 'down', detail: 'no service that uses it answered' };
  return { name: 'database', status: 'up' };
}
