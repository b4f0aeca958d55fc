/** Every room name (docs/architecture.md, "Realtime rooms"), in one place. */

/** Everyone watching a session's hall (seat maps). */
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;
/** A signed-in person's sockets, in every tab and every API process: their own pages. */
export const userRoom = (userId: number) => `user:${userId}`;
/** The sockets opened with one token: logging out ends them. */
export const tokenRoom = (tokenId: string) => `token:${tokenId}`;
/** Every staff member's sockets: the dashboard. */
export const STAFF_ROOM = 'staff';
