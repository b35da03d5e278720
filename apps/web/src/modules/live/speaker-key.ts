/** Who a line is from: the host's lines carry its connection id (host-…), new on each connection, yet are one person. */
export const HOST_SPEAKER = 'host';

export function speakerKey(speakerId: string): string {
  return speakerId.startsWith('host-') ? HOST_SPEAKER : speakerId;
}
