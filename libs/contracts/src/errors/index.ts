import { AccountsErrorCode } from './accounts.errors';
import { BusErrorCode } from './bus.errors';
import { GatewayErrorCode } from './gateway.errors';
import { LiveErrorCode } from '../protocol/error-codes';
import { RoomsErrorCode } from './rooms.errors';
import { SummaryErrorCode } from './summary.errors';
import { TtsErrorCode } from './tts.errors';

export * from './accounts.errors';
export * from './bus.errors';
export * from './gateway.errors';
export * from './rooms.errors';
export * from './summary.errors';
export * from './tts.errors';

/** Every code a service or the gateway can answer; the gateway maps each to an HTTP status and a WS code. */
export type ErrorCode =
  RoomsErrorCode | AccountsErrorCode | GatewayErrorCode | LiveErrorCode | BusErrorCode | TtsErrorCode | SummaryErrorCode;

const KNOWN = new Set<string>(
  [RoomsErrorCode, AccountsErrorCode, GatewayErrorCode, LiveErrorCode, BusErrorCode, TtsErrorCode, SummaryErrorCode].flatMap((e) =>
    Object.values(e),
  ),
);

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && KNOWN.has(code);
}

/** For exhaustive switches: a new code that is not handled fails the type check here. */
export function assertUnreachable(value: never): never {
  throw new Error(`unhandled case: ${String(value)}`);
}
