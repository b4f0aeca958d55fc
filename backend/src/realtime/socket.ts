/**
 * The types of this process's Socket.IO server and its sockets, shared by the transport (fan-out,
 * socket auth) and the modules that handle client events (modules/seats): each imports them from
 * here, below both.
 */
import type { Server, Socket } from 'socket.io';
import type { Role } from '../contract/constants';
import type { ServerEvents } from '../contract/events';
import type { SeatClientEvents } from '../contract/seats';

/** The signed-in person behind a socket, as far as the transport needs them: rooms by person and role. */
export interface SocketUser {
  id: number;
  role: Role;
}

export interface SeatSocketData {
  /** The signed-in person of the handshake, once their token is verified; guests only watch. */
  user?: SocketUser;
}
export type SeatServer = Server<SeatClientEvents, ServerEvents, Record<string, never>, SeatSocketData>;
export type SeatSocket = Socket<SeatClientEvents, ServerEvents, Record<string, never>, SeatSocketData>;
