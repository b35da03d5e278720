import { ConfigError, loadEnv } from '@lt/platform';
import { gatewayEnvSchema } from './gateway.env';

describe('gateway variables', () => {
  it('default to limits a venue behind one address passes: no per-address cap, per browser and per room instead', () => {
    const env = gatewayEnvSchema.parse({});
    expect([env.WS_MAX_PER_ADDRESS, env.SUMMARY_ADDRESS_PER_MINUTE, env.AUDIO_ADDRESS_PER_MINUTE]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(env).toMatchObject({
      SUMMARY_CLIENT_BURST: 10,
      SUMMARY_CLIENT_PER_MINUTE: 10,
      SUMMARY_ROOM_BURST: 10_000,
      AUDIO_CLIENT_BURST: 60,
      AUDIO_ROOM_BURST: 60_000,
      TRANSCRIPT_CLIENT_BURST: 20,
      TRANSCRIPT_ROOM_BURST: 10_000,
      AUTH_RATE_LIMIT_BURST: 30,
      ROOM_CREATE_BURST: 10,
      TRUST_PROXY: false,
      WEB_DIST: 'dist/web',
    });
  });

  it('take an operator cap per address, an empty one as none', () => {
    const env = gatewayEnvSchema.parse({ WS_MAX_PER_ADDRESS: '200', SUMMARY_ADDRESS_PER_MINUTE: '', AUDIO_ADDRESS_PER_MINUTE: '30' });
    expect([env.WS_MAX_PER_ADDRESS, env.SUMMARY_ADDRESS_PER_MINUTE, env.AUDIO_ADDRESS_PER_MINUTE]).toEqual([200, undefined, 30]);
  });

  it('stop start-up naming a limit that is no count', () => {
    expect(() => loadEnv(gatewayEnvSchema, { SUMMARY_CLIENT_BURST: 'ten', WS_MAX_PER_ADDRESS: '0' })).toThrow(ConfigError);
    expect(() => loadEnv(gatewayEnvSchema, { SUMMARY_CLIENT_BURST: 'ten' })).toThrow(/SUMMARY_CLIENT_BURST/);
    expect(() => loadEnv(gatewayEnvSchema, { WS_MAX_PER_ADDRESS: '0' })).toThrow(/WS_MAX_PER_ADDRESS/);
  });

  it('stop start-up on the retired per-address summary rate, saying what replaced it', () => {
    expect(() => loadEnv(gatewayEnvSchema, { SUMMARY_RATE_BURST: '10' })).toThrow(
      /SUMMARY_RATE_BURST: no longer read: .*SUMMARY_CLIENT_BURST/,
    );
  });
});
