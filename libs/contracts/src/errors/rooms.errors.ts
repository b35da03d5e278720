export enum RoomsErrorCode {
  RoomNotFound = 'room_not_found',
  InvalidHostKey = 'invalid_host_key',
  RoomNotActive = 'room_not_active',
  /** An invite token that is not (or no longer) a speaker's of this room. */
  InvalidInvite = 'invalid_invite',
  SpeakerNotFound = 'speaker_not_found',
  /** A room is started with the language it is spoken in, or it already has one. */
  LanguageRequired = 'language_required',
  /** The room's owner turned off transcript downloads for its viewers. */
  TranscriptDownloadsOff = 'transcript_downloads_off',
  /** The room does not take questions from its audience (the host has not turned them on). */
  QuestionsOff = 'questions_off',
  QuestionNotFound = 'question_not_found',
  /** The room holds as many questions as it may. */
  QuestionsFull = 'questions_full',
  /** A viewer upvoted the question it asked itself. */
  OwnQuestion = 'own_question',
  /** The room ended: it takes no more questions nor votes. */
  RoomEnded = 'room_ended',
}
