/** What zbar, a phone camera's decoder, reads in a binary PGM image, taken as UTF-8. */
export function readQr(pgm: Uint8Array): Promise<string>;
