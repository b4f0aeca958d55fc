/**
 * Who is behind a socket, for as long as their token holds. The handshake's token (`auth: { token }`
 * from the browser, or an Authorization header) puts the socket in its token's and its person's
 * rooms at once (and, once verified, staff into the staff room), before the database says whether the token was revoked: a logout either
 * committed before that read (the socket is a guest) or disconnects the token's room after it
 * (disconnectToken), so no socket outlives its token's revocation. A token that expires
 * disconnects its sockets at that moment, and nothing is granted to it past it meanwhile.
 *
 * What a token says is the auth module's to decide: the API process hands its reader in at start
 * (SocketTokens), so the transport depends on no module.
 */
import type { AppContext } from '../context';
import { isStaffRole } from '../contract/access';
import { STAFF_ROOM, tokenRoom, userRoom } from './rooms';
import type { SeatSocket, SocketUser } from './socket';

/** setTimeout's longest delay; longer waits are made of several. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Reading a socket's token, given by the auth module when the API starts. */
export interface SocketTokens {
  /** The handshake's bearer token from an Authorization header, if it has one. */
  fromHeader(header: string | undefined): string | undefined;
  /** Whom the token names and until when, without a database read; undefined when forged or expired. */
  claims(token: string): { userId: number; tokenId: string; expiresAt: number } | undefined;
  /** The token's person, or undefined when it is forged, expired or revoked. */
  verify(token: string): Promise<SocketUser | undefined>;
}

/** The socket's signed-in person, now: undefined for a guest or once the token has expired. */
export type SocketViewer = () => Promise<SocketUser | undefined>;

export function authenticateSocket(
  ctx: Pick<AppContext, 'logger' | 'clock'>,
  tokens: SocketTokens,
  socket: SeatSocket,
): SocketViewer {
  const { auth, headers } = socket.handshake;
  const token = typeof auth.token === 'string' ? auth.token : tokens.fromHeader(headers.authorization);
  const claims = token ? tokens.claims(token) : undefined;
  if (!token || !claims) return () => Promise.resolve(undefined);

  const rooms = [tokenRoom(claims.tokenId), userRoom(claims.userId)];
  void socket.join(rooms);
  const verified = tokens.verify(token).then((user) => {
    if (user) {
      socket.data.user = user;
      // The dashboard's pushes, for the roles the back office is for (a role change reconnects).
      if (isStaffRole(user.role)) void socket.join(STAFF_ROOM);
    } else for (const room of rooms) void socket.leave(room);
    return user;
  });
  verified.catch((err: unknown) => {
    ctx.logger.error({ err }, 'socket authentication failed');
    socket.disconnect(true);
  });

  let timer: NodeJS.Timeout | undefined;
  const expireAt = () => {
    const left = claims.expiresAt - ctx.clock.now().getTime();
    if (left <= 0) return void socket.disconnect(true);
    timer = setTimeout(expireAt, Math.min(left, MAX_TIMER_MS));
  };
  expireAt();
  socket.on('disconnect', () => clearTimeout(timer));

  return async () => {
    const user = await verified;
    return user && ctx.clock.now().getTime() < claims.expiresAt ? user : undefined;
  };
}
