/**
 * The seat domain (docs/architecture.md, "Seat selection protocol"): holds and sales in Redis by atomic Lua
 * scripts with the hall's rules (limit, sofas, orphan seats, best seats), their expiry sweeper,
 * the seat sockets' events and the map's sync after a sale or refund. Other modules, the effects,
 * the workers and the API process import it from here.
 */
export { SEAT_SCRIPTS, SeatStore, type SeatResult, type SeatSnapshotResult, type SeatStatus } from './store';
export { seatSockets } from './sockets';
export { syncSeats } from './sync';
export { seatNotInHall, seatOrphaned } from './refusals';
