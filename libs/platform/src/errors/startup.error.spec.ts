import { StartupError, startFailureMessage } from './startup.error';

describe('startFailureMessage', () => {
  it('prints a start-up error as its own sentence, without a stack', () => {
    expect(startFailureMessage(new StartupError('Port 1 is taken: set EMBEDDED_PG_PORT.'))).toEqual({
      line: 'Port 1 is taken: set EMBEDDED_PG_PORT.',
    });
  });

  it('never prints "undefined" for a failure without a reason', () => {
    for (const error of [undefined, null, '', new Error(''), {}]) {
      const { line } = startFailureMessage(error);
      expect(line).not.toMatch(/undefined|null/);
      expect(line).toMatch(/LOG_LEVEL=debug/);
    }
  });

  it('names the HTTP port another program holds', () => {
    const error = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE', port: 18399 });
    expect(startFailureMessage(error).line).toBe('Port 18399 is taken by another program: stop that program or set PORT to a free port.');
  });

  it('gives an unexpected error its message, advice and stack', () => {
    const error = new Error('boom');
    expect(startFailureMessage(error)).toEqual({
      line: expect.stringMatching(/^Could not start \(boom\): .*LOG_LEVEL=debug/),
      stack: error.stack,
    });
  });
});
