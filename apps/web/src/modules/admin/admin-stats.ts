import type { AdminRoom, AdminStats, AdminUser } from '@lt/contracts';

/** Without server statistics the cards are computed from the loaded lists. */
export function statsFromLists(users: readonly AdminUser[], rooms: readonly AdminRoom[]): AdminStats {
  return {
    total_users: users.length,
    total_rooms: rooms.length,
    premium_users: users.filter((user) => user.plan_type === 'premium').length,
    active_rooms: rooms.filter((room) => room.status === 'active').length,
    admin_users: users.filter((user) => user.role === 'admin').length,
    total_token_usage: users.reduce((sum, user) => sum + user.tokens_used, 0),
  };
}
