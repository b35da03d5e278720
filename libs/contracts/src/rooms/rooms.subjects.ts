/** Bus subjects served or published by rooms-svc. */
export const ROOMS_SUBJECTS = {
  createRoom: 'rooms.room.create',
  getRoom: 'rooms.room.get',
  authorizeHost: 'rooms.room.authorize-host',
  setStatus: 'rooms.room.set-status',
  appendTranscript: 'rooms.transcript.append',
  listTranscript: 'rooms.transcript.list',
  /** event: a room started or ended */
  statusChanged: 'rooms.room.status-changed',
  /** event: a final transcript was stored and got its seq */
  transcriptStored: 'rooms.transcript.stored',
} as const;
