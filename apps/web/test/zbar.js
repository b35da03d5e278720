// Node side of the QR code test, kept out of the web app's browser-only types.
const { execFile } = require('node:child_process');
const { mkdtemp, rm, writeFile } = require('node:fs/promises');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

/** What zbar, a phone camera's decoder, reads in a binary PGM image, taken as UTF-8. */
async function readQr(pgm) {
  const dir = await mkdtemp(join(tmpdir(), 'lt-qr-'));
  try {
    const file = join(dir, 'code.pgm');
    await writeFile(file, pgm);
    const stdout = await new Promise((resolve, reject) =>
      execFile('zbarimg', ['--quiet', '--raw', '-Sbinary', file], { encoding: 'buffer' }, (error, out) => {
        if (error?.code === 'ENOENT') reject(new Error('zbarimg is missing: install it (Debian package zbar-tools)'));
        else if (error) reject(error);
        else resolve(out);
      }),
    );
    return stdout.toString('utf8').replace(/\n$/, '');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

module.exports = { readQr };
