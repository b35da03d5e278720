export enum RoomsErrorCode {
  RoomNotFound = 'room_not_found',
  InvalidHostKey = 'invalid_host_key',
  RoomNotActive = 'room_not_active',
}
