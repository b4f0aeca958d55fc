/**
 * Writes each session's changes, as the seat feed delivers them, to this process's sockets
 * watching it. Every socket gets every change after its snapshot exactly once and in version
 * order: a socket is written nothing until its snapshot is, then the changes newer than the
 * snapshot that arrived meanwhile, then each later change.
 *
 * A change to a big room is written in slices of about a millisecond with a turn of the event
 * loop between them, so that an acknowledgement (or another room's change) waits one slice, not
 * the whole room; the frame, down to its WebSocket framing, is built once for every socket that
 * gets the same bytes. A socket that does not read is not buffered for without limit: past MAX_UNSENT_BYTES its
 * changes are skipped, and once it has caught up it is sent the newest ones, whose version gap
 * makes the client fetch a fresh snapshot.
 */
import { createRequire } from 'node:module';
import type { SeatDelta } from '../contract/seats';
import type { SeatSocket } from './socket';

/** A change as the feed carries it: a hold also names its viewer, who hears 'mine' and their deadline. */
export interface FeedDelta extends SeatDelta {
  holder?: number;
}

/** Writing one room stops for a turn of the event loop after this long. */
export const SLICE_MS = 1;
/** A socket with this much written and not yet sent is skipped until it has sent it all. */
export const MAX_UNSENT_BYTES = 64 * 1024;
/** Changes kept per room for sockets whose snapshot was taken before them arrived. */
const RECENT = 64;

export interface Watcher {
  readonly socket: SeatSocket;
  readonly sessionId: number;
  readonly userId: number | undefined;
  /** The version the socket has (its snapshot's, then the last change written); null before its snapshot. */
  version: number | null;
  /** Gone: left, switched halls or disconnected. */
  active: boolean;
  /** Characters (the frames are ASCII) handed to the connection and not yet sent, and each frame's, in order. */
  unsent: number;
  sizes: number[];
  /** Skipped for its backlog: it is sent the newest changes once the backlog is sent. */
  behind: boolean;
  onSent: () => void;
}

interface Room {
  sessionId: number;
  watchers: Set<Watcher>;
  /** The latest changes received, in version order. */
  recent: FeedDelta[];
  /** Received, not yet written by a pass. */
  pending: FeedDelta[];
  writing: boolean;
}

/** The ws library engine.io writes with: its framing of a packet is reused for every socket. */
type WsSender = { frame?(data: Buffer, options: object): Buffer[] };
const wsSender = (() => {
  try {
    const require = createRequire(import.meta.url);
    return (createRequire(require.resolve('engine.io'))('ws') as { Sender?: WsSender }).Sender;
  } catch {
    return undefined;
  }
})();

/** A packet, and the options telling engine.io to send its WebSocket frame as it is. */
interface Frame {
  text: string;
  options: { compress: false; wsPreEncodedFrame?: Buffer[] };
}

/**
 * A Socket.IO event packet for the default namespace, as socket.io-parser writes it, framed once
 * as Socket.IO's own broadcasts are (≈ 10 % less CPU per socket than framing it for each,
 * scripts/bench/seat-write-cost.ts). Engine.IO sends the frame over a websocket, the text over polling.
 */
function encode(deltas: SeatDelta[]): Frame {
  const text = `2${JSON.stringify(['seats:deltas', deltas])}`;
  if (!wsSender?.frame) return { text, options: { compress: false } };
  // "4": Engine.IO's message packet type.
  const frame = wsSender.frame(Buffer.from(`4${text}`), {
    readOnly: false,
    mask: false,
    rsv1: false,
    opcode: 1,
    fin: true,
  });
  return { text, options: { compress: false, wsPreEncodedFrame: frame } };
}

const plain = ({ holder: _holder, deadline: _deadline, ...delta }: FeedDelta): SeatDelta => delta;

/** The holder's own view of a hold: the seat is 'mine', with their deadline. */
const asMine = ({ holder: _holder, ...delta }: FeedDelta): SeatDelta => ({
  ...delta,
  changes: delta.changes.map((c) => (c.state === 'held' ? { ...c, state: 'mine' as const } : c)),
});

/** The deltas as a viewer sees them. */
const viewOf = (deltas: FeedDelta[], userId: number | undefined) =>
  deltas.map((d) => (d.holder !== undefined && d.holder === userId ? asMine(d) : plain(d)));

export class SeatFanout {
  private readonly rooms = new Map<number, Room>();
  /** Frames written to sockets so far (the metrics read it at scrape time). */
  sent = 0;

  /** Starts a socket watching a session; it is written nothing until `ready`. */
  watch(socket: SeatSocket, sessionId: number, userId: number | undefined): Watcher {
    let room = this.rooms.get(sessionId);
    if (!room) {
      room = { sessionId, watchers: new Set(), recent: [], pending: [], writing: false };
      this.rooms.set(sessionId, room);
    }
    const watcher: Watcher = {
      socket,
      sessionId,
      userId,
      version: null,
      active: true,
      unsent: 0,
      sizes: [],
      behind: false,
      onSent: () => {
        watcher.unsent -= watcher.sizes.shift() ?? 0;
        if (watcher.behind && watcher.unsent === 0) {
          watcher.behind = false;
          this.catchUp(watcher);
        }
      },
    };
    room.watchers.add(watcher);
    return watcher;
  }

  /** The socket has been sent its snapshot at this version: the changes after it follow. */
  ready(watcher: Watcher, version: number): void {
    if (!watcher.active) return;
    watcher.version = version;
    this.catchUp(watcher);
  }

  unwatch(watcher: Watcher | undefined): void {
    if (!watcher?.active) return;
    watcher.active = false;
    const room = this.rooms.get(watcher.sessionId);
    room?.watchers.delete(watcher);
    if (room && room.watchers.size === 0 && !room.writing) this.rooms.delete(watcher.sessionId);
  }

  /** A change from the feed; changes of a session arrive in version order. */
  receive(delta: FeedDelta): void {
    const room = this.rooms.get(delta.sessionId);
    // Nobody here watches it: a socket that starts watching takes its snapshot after this change.
    if (!room) return;
    const last = room.recent.at(-1);
    if (last && delta.version <= last.version) return;
    room.recent.push(delta);
    if (room.recent.length > RECENT) room.recent.shift();
    room.pending.push(delta);
    if (room.writing) return;
    room.writing = true;
    // The rest of this turn's messages join the same pass.
    setImmediate(() => this.pass(room));
  }

  /**
   * Changes may have been missed (the feed's connection was lost): every watcher's connection is
   * closed, and its client reconnects and takes a fresh snapshot.
   */
  resetAll(): void {
    for (const room of this.rooms.values()) for (const w of room.watchers) w.socket.conn.close();
  }

  /** How many sockets of this process watch the session (ready or not). */
  watching(sessionId: number): number {
    return this.rooms.get(sessionId)?.watchers.size ?? 0;
  }

  /** Writes the pending changes to every watcher of the room, a slice per turn of the event loop. */
  private pass(room: Room) {
    const deltas = room.pending;
    room.pending = [];
    const targets = [...room.watchers];
    const holders = new Set(deltas.flatMap((d) => (d.holder === undefined ? [] : [d.holder])));
    // One encoding for everyone who gets these very deltas, one per holder among them.
    const frames = new Map<number | undefined, Frame>();
    const frameFor = (userId: number | undefined) => {
      const key = userId !== undefined && holders.has(userId) ? userId : undefined;
      let frame = frames.get(key);
      if (frame === undefined) frames.set(key, (frame = encode(viewOf(deltas, key))));
      return frame;
    };
    const first = deltas[0]!.version;
    const last = deltas.at(-1)!.version;

    let next = 0;
    const slice = () => {
      const until = performance.now() + SLICE_MS;
      while (next < targets.length) {
        const w = targets[next++]!;
        if (w.active && w.version !== null && w.version < last) {
          // A socket whose snapshot already had some of these gets only the newer ones.
          if (w.version < first) this.send(w, frameFor(w.userId), last);
          else this.sendDeltas(w, deltas);
        }
        if (performance.now() >= until) break;
      }
      if (next < targets.length) return void setImmediate(slice);
      room.writing = false;
      if (room.pending.length > 0) {
        room.writing = true;
        setImmediate(() => this.pass(room));
      } else if (room.watchers.size === 0 && this.rooms.get(room.sessionId) === room) {
        this.rooms.delete(room.sessionId);
      }
    };
    slice();
  }

  /** Writes the room's recent changes newer than what the watcher has. */
  private catchUp(watcher: Watcher) {
    const recent = this.rooms.get(watcher.sessionId)?.recent;
    if (recent) this.sendDeltas(watcher, recent);
  }

  private sendDeltas(w: Watcher, deltas: FeedDelta[]) {
    const fresh = deltas.filter((d) => d.version > w.version!);
    if (fresh.length > 0) this.send(w, encode(viewOf(fresh, w.userId)), fresh.at(-1)!.version);
  }

  private send(w: Watcher, frame: Frame, version: number) {
    if (w.behind) return;
    if (w.unsent > MAX_UNSENT_BYTES) {
      w.behind = true;
      return;
    }
    w.version = version;
    this.sent++;
    w.unsent += frame.text.length;
    w.sizes.push(frame.text.length);
    // Engine.IO calls back once the frame has left for the network (or the poll that took it).
    w.socket.conn.write(frame.text, frame.options, w.onSent);
  }
}
