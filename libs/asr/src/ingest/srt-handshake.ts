/**
 * Just enough of SRT's handshake (draft-sharabayko-srt, "Handshake") for the ingest's front to read the caller's
 * stream id before any of its audio reaches a decoder. Everything else passes through untouched.
 */

const HEADER_BYTES = 16;
const CIF_BYTES = 48;
const HANDSHAKE_CONTROL = 0x8000;
/** Handshake types (the CIF's field at byte 20). */
export const SRT_INDUCTION = 0x00000001;
export const SRT_CONCLUSION = 0xffffffff;
/** The extension that carries the stream id (SRT_CMD_SID). */
const EXT_SID = 5;

export interface SrtHandshake {
  type: number;
  /** The caller's stream id, in a conclusion that carries one. */
  streamId?: string;
}

/** The handshake this packet is, or null for a data packet or any other control packet. */
export function readSrtHandshake(packet: Buffer): SrtHandshake | null {
  if (packet.length < HEADER_BYTES + CIF_BYTES || packet.readUInt16BE(0) !== HANDSHAKE_CONTROL) return null;
  const cif = packet.subarray(HEADER_BYTES);
  const type = cif.readUInt32BE(20);
  return type === SRT_CONCLUSION ? { type, streamId: readStreamId(cif.subarray(CIF_BYTES)) } : { type };
}

function readStreamId(extensions: Buffer): string | undefined {
  let at = 0;
  while (at + 4 <= extensions.length) {
    const kind = extensions.readUInt16BE(at);
    const bytes = extensions.readUInt16BE(at + 2) * 4;
    const body = extensions.subarray(at + 4, at + 4 + bytes);
    if (body.length < bytes) return undefined;
    if (kind === EXT_SID) return decodeSid(body);
    at += 4 + bytes;
  }
  return undefined;
}

/** SRT writes the stream id in 32-bit words with each word's bytes reversed, padded with NULs. */
function decodeSid(body: Buffer): string {
  const text = Buffer.alloc(body.length);
  for (let i = 0; i + 4 <= body.length; i += 4) {
    text[i] = body[i + 3];
    text[i + 1] = body[i + 2];
    text[i + 2] = body[i + 1];
    text[i + 3] = body[i];
  }
  const end = text.indexOf(0);
  return text.subarray(0, end === -1 ? text.length : end).toString('utf8');
}

/** The stream id as SRT packs it (for tests that build a handshake). */
export function encodeSid(streamId: string): Buffer {
  const raw = Buffer.from(streamId, 'utf8');
  const body = Buffer.alloc(Math.ceil(raw.length / 4) * 4);
  raw.copy(body);
  for (let i = 0; i < body.length; i += 4) body.subarray(i, i + 4).reverse();
  return body;
}
