import { useEffect, useState } from 'react';
import { hostKeyFromHash, loadHostKey, saveHostKey } from '../host-key';

/** Keeps a key found in the address on this device and removes it from the address bar. */
function takeKeyFromHash(roomId: string): string | null {
  const fromHash = hostKeyFromHash(window.location.hash);
  if (!fromHash) return null;
  saveHostKey(roomId, fromHash);
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', pathname + search);
  return fromHash;
}

/**
 * The room's host key: from a host link's `#key=` (so it does not linger in screenshots or shared
 * URLs, it leaves the address bar at once) or from an earlier visit on this device.
 */
export function useHostKey(roomId: string): string | null {
  const [hostKey, setHostKey] = useState(() => takeKeyFromHash(roomId) ?? loadHostKey(roomId));

  useEffect(() => {
    // A host link pasted into a tab already showing this room only changes the fragment.
    const onHashChange = () => {
      const key = takeKeyFromHash(roomId);
      if (key) setHostKey(key);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [roomId]);

  return hostKey;
}
