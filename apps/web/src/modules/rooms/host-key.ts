import { readStorage, writeStorage } from '../../lib/storage';

export function hostKeyStorageKey(roomId: string): string {
  return `lt.hostKey.${roomId}`;
}

export function saveHostKey(roomId: string, hostKey: string): void {
  writeStorage(hostKeyStorageKey(roomId), hostKey);
}

export function loadHostKey(roomId: string): string | null {
  return readStorage(hostKeyStorageKey(roomId));
}

function ownerStorageKey(roomId: string): string {
  return `lt.roomOwner.${roomId}`;
}

/**
 * Which user this device knows owns the room (it created it signed in, or claimed it): such a room is never
 * claimed again, which the server would refuse.
 */
export function saveRoomOwner(roomId: string, userId: string): void {
  writeStorage(ownerStorageKey(roomId), userId);
}

export function loadRoomOwner(roomId: string): string | null {
  return readStorage(ownerStorageKey(roomId));
}

/** Reads `#key=…` from a URL fragment. */
export function hostKeyFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const key = params.get('key');
  return key && key.trim() ? key.trim() : null;
}
