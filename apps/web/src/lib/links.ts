function withName(path: string, name: string | undefined): string {
  return name ? `${path}?name=${encodeURIComponent(name)}` : path;
}

export function hostPath(roomId: string, name?: string): string {
  return withName(`/room/${roomId}`, name);
}

export function viewerPath(roomId: string, name?: string): string {
  return withName(`/view/${roomId}`, name);
}

export function viewerUrl(origin: string, roomId: string, name?: string): string {
  return origin + viewerPath(roomId, name);
}

/** The key travels in the fragment, which browsers never send to a server or in a Referer header. */
export function hostUrl(origin: string, roomId: string, hostKey: string, name?: string): string {
  return `${origin}${hostPath(roomId, name)}#key=${encodeURIComponent(hostKey)}`;
}
