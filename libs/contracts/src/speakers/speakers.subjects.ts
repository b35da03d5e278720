import { z } from 'zod';
import { requestRoute, roomEventRoute, typed } from '../bus/route';
import type { CreateSpeakerResponse, SpeakerAccessResponse, SpeakerResponse } from './speakers.dto';
import {
  authorizeSpeakerRequestSchema,
  inviteSpeakerRequestSchema,
  joinSpeakerRequestSchema,
  leaveSpeakerRequestSchema,
  ownerSpeakersRequestSchema,
  removeSpeakerRequestSchema,
  speakerPresenceEventSchema,
  speakerRemovedEventSchema,
  speakerTokenRequestSchema,
  type SpeakerRoomState,
} from './speakers.messages';

/** Co-host speakers, served by rooms-svc. A token only ever opens the room it was made for. */
export const SPEAKERS_SUBJECTS = {
  /** The owner's calls: each answers `room_not_found` for a room the owner does not own. */
  list: requestRoute('rooms.speaker.list', ownerSpeakersRequestSchema, typed<SpeakerResponse[]>()),
  invite: requestRoute('rooms.speaker.invite', inviteSpeakerRequestSchema, typed<CreateSpeakerResponse>()),
  remove: requestRoute('rooms.speaker.remove', removeSpeakerRequestSchema, z.object({})),

  /** Whoever holds the token: each answers `invalid_invite` for a token that is not one of the room's. */
  verify: requestRoute('rooms.speaker.verify', speakerTokenRequestSchema, typed<SpeakerAccessResponse>()),
  join: requestRoute('rooms.speaker.join', joinSpeakerRequestSchema, typed<SpeakerAccessResponse>()),
  leave: requestRoute('rooms.speaker.leave', leaveSpeakerRequestSchema, z.object({})),
  /** request from a gateway admitting a socket with `role: speaker` */
  authorize: requestRoute('rooms.speaker.authorize', authorizeSpeakerRequestSchema, typed<SpeakerRoomState>()),

  /** room event from a gateway: `speaker_joined` / `speaker_left`, written to the room's other sockets */
  presence: roomEventRoute('event.speaker', speakerPresenceEventSchema),
  /** room event from rooms-svc: the speaker was removed; gateways close its sockets with 4004 */
  removed: roomEventRoute('event.speaker-removed', speakerRemovedEventSchema),
} as const;
