/**
 * The live hall of one session over Socket.IO (websocket first), signed in with the local token:
 * the snapshot on joining and the deltas after it. Reconnecting, or missing a delta, fetches the
 * snapshot again. An external store for React: it connects with its first subscriber and
 * disconnects with its last.
 */
import {
  MAX_SEATS_PER_PURCHASE,
  SEAT_REFUSAL_MESSAGES,
  type BestAck,
  type HoldAck,
  type SeatClientEvents,
  type SeatCode,
  type SeatDelta,
  type SeatRefusal,
  type SeatServerEvents,
} from '@kino/backend/contract';
import { io, type Socket } from 'socket.io-client';
import {
  applyDelta,
  emptySeatMap,
  freeMine,
  fromSnapshot,
  markExtended,
  markMine,
  mySeats,
  type SeatMapState,
} from './seat-map-state';

export type SeatMapStatus = 'connecting' | 'ready' | 'offline' | 'missing';

export interface SeatRoomView {
  state: SeatMapState;
  status: SeatMapStatus;
}

/** A refused seat request, with the message to show. */
export class SeatRefused extends Error {
  override name = 'SeatRefused';
  constructor(readonly reason: SeatRefusal) {
    super(SEAT_REFUSAL_MESSAGES[reason]);
  }
}

const ACK_TIMEOUT_MS = 10_000;

export class SeatRoom {
  private readonly socket: Socket<SeatServerEvents, SeatClientEvents>;
  private readonly listeners = new Set<() => void>();
  private sessionId: number | null = null;
  view: SeatRoomView = { state: emptySeatMap(null), status: 'connecting' };

  constructor(private readonly token: string | null) {
    this.socket = io({ transports: ['websocket', 'polling'], auth: token ? { token } : {}, autoConnect: false });
    this.socket.on('connect', () => void this.join());
    this.socket.on('disconnect', () => this.set({ status: 'offline' }));
    // Cancelled while open: nothing is held or sold any more.
    this.socket.on('seats:closed', () => this.set({ state: emptySeatMap(this.sessionId), status: 'missing' }));
    this.socket.on('seats:deltas', (deltas: SeatDelta[]) => {
      const state = deltas.reduce(applyDelta, this.view.state);
      if (state === this.view.state) return;
      this.set({ state });
      if (state.stale) void this.join();
    });
  }

  get signedIn(): boolean {
    return this.token !== null;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.socket.connect();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.socket.disconnect();
    };
  };

  getView = () => this.view;

  /** Shows this session's hall from now on. */
  watch(sessionId: number | null) {
    if (sessionId === this.sessionId) return;
    this.sessionId = sessionId;
    this.set({ state: emptySeatMap(sessionId), status: 'connecting' });
    if (this.socket.connected) void this.join();
  }

  /** Holds a seat; a sofa's seat brings its `pair` with it (the server holds both at once). */
  async hold(seat: SeatCode, pair: SeatCode | null = null): Promise<void> {
    if (!this.token) throw new SeatRefused('auth');
    if (mySeats(this.view.state).length >= MAX_SEATS_PER_PURCHASE) throw new SeatRefused('limit');
    const sentAt = Date.now();
    const ack = await this.request('seats:hold', seat);
    const trip = { sentAt, receivedAt: Date.now() };
    const seats = pair ? [seat, pair] : [seat];
    this.set({ state: seats.reduce((state, s) => markMine(state, s, ack, trip), this.view.state) });
  }

  /**
   * 'Лучшие места': the server holds the best `count` adjacent seats it finds (my other holds stay)
   * and answers which; they are mine before their delta arrives.
   */
  async best(count: number): Promise<SeatCode[]> {
    if (!this.token) throw new SeatRefused('auth');
    if (this.sessionId === null) throw new SeatRefused('unavailable');
    if (mySeats(this.view.state).length + count > MAX_SEATS_PER_PURCHASE) throw new SeatRefused('limit');
    const sentAt = Date.now();
    const ack: BestAck | null = await this.socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('seats:best', { sessionId: this.sessionId, count })
      .catch(() => null);
    if (!ack) throw new SeatRefused('unavailable');
    if (!ack.ok) throw new SeatRefused(ack.reason);
    const trip = { sentAt, receivedAt: Date.now() };
    this.set({ state: ack.seats.reduce((state, seat) => markMine(state, seat, ack, trip), this.view.state) });
    return ack.seats;
  }

  /**
   * Gives my holds in the watched session more time, once (WCAG 2.2.1): the new deadline counts down
   * at once. Refused as 'extended' the second time (another tab may have extended them already).
   */
  async extend(): Promise<void> {
    if (!this.token) throw new SeatRefused('auth');
    if (this.sessionId === null) throw new SeatRefused('unavailable');
    const sessionId = this.sessionId;
    const sentAt = Date.now();
    const ack: HoldAck | null = await this.socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('seats:extend', { sessionId })
      .catch(() => null);
    if (!ack) throw new SeatRefused('unavailable');
    if (sessionId !== this.sessionId) return;
    if (!ack.ok) {
      if (ack.reason === 'extended') this.set({ state: { ...this.view.state, extended: true } });
      throw new SeatRefused(ack.reason);
    }
    this.set({ state: markExtended(this.view.state, ack, { sentAt, receivedAt: Date.now() }) });
  }

  async release(seat: SeatCode): Promise<void> {
    await this.request('seats:release', seat);
  }

  /**
   * Gives back every seat of mine in the watched session (closing the popover, changing the session, the
   * till picking again): once the server says so they are free here at once, so a pick that follows counts
   * from none rather than waiting for their delta.
   */
  async releaseAll(): Promise<void> {
    if (!this.token || this.sessionId === null) return;
    const sessionId = this.sessionId;
    const ack: HoldAck | null = await this.socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('seats:release-all', { sessionId })
      .catch(() => null);
    if (ack?.ok && sessionId === this.sessionId) this.set({ state: freeMine(this.view.state) });
  }

  private async join() {
    const sessionId = this.sessionId;
    if (sessionId === null) return;
    const sentAt = Date.now();
    const ack = await this.socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('seats:join', { sessionId })
      .catch(() => null);
    if (sessionId !== this.sessionId) return;
    if (!ack) return this.set({ status: 'offline' });
    if (!ack.ok) return this.set({ status: ack.reason === 'invalid' ? 'missing' : 'offline' });
    this.set({ state: fromSnapshot(ack.snapshot, { sentAt, receivedAt: Date.now() }), status: 'ready' });
  }

  private async request(event: 'seats:hold' | 'seats:release', seat: SeatCode) {
    if (this.sessionId === null) throw new SeatRefused('unavailable');
    const ack: HoldAck | null = await this.socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck(event, { sessionId: this.sessionId, seat })
      .catch(() => null);
    if (!ack) throw new SeatRefused('unavailable');
    if (!ack.ok) throw new SeatRefused(ack.reason);
    return ack;
  }

  private set(change: Partial<SeatRoomView>) {
    this.view = { ...this.view, ...change };
    this.listeners.forEach((listener) => listener());
  }
}
