/**
 * Seat holds in Redis (sales stay in PostgreSQL). Each operation is one atomic Lua script over a
 * session's keys; a session is copied from the database (start, sold seats) the first time a
 * script finds it missing. Every answer lists the changes it made under one new version number,
 * and the script publishes the same changes on the seat feed (realtime/seat-feed.ts), whoever called it.
 */
import { and, eq } from 'drizzle-orm';
import { MAX_SEATS_PER_PURCHASE } from '../../contract/constants';
import type { SeatChange, SeatCode } from '../../contract/seats';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { systemClock } from '../../lib/infra/clock';
import { seatFeedChannel } from '../../realtime/seat-feed';
import { loadPlan } from './plan-read';
import { occupiesSeatSql } from '../tickets/state';
import { isCancelled } from '../schedules/lifecycle';
import { LuaScript } from './lua-script';

const sessionScript = (name: string) => LuaScript.fromFiles('clock', 'session', name);

export const SEAT_SCRIPTS = {
  hold: sessionScript('hold'),
  release: sessionScript('release'),
  snapshot: sessionScript('snapshot'),
  check: sessionScript('check'),
  sell: sessionScript('sell'),
  unsell: sessionScript('unsell'),
  expire: sessionScript('expire'),
  load: sessionScript('load'),
  best: sessionScript('best'),
  extend: sessionScript('extend'),
  due: LuaScript.fromFiles('clock', 'due'),
};

/** How long a session's record stays in Redis after its start (holds are refused from the start on). */
const KEEP_AFTER_START_MS = 24 * 3600_000;

/**
 * When a session's wheelchair spaces go on general sale: `hours` before its start, or null when the
 * hall does not hold them back (docs/architecture.md, "Seat selection protocol").
 */
export const wheelchairSaleFrom = (start: Date, hours: number | null): Date | null =>
  hours === null ? null : new Date(start.getTime() - hours * 3600_000);

export type SeatStatus =
  'ok' | 'taken' | 'limit' | 'past' | 'invalid' | 'expired' | 'missing' | 'orphan' | 'none' | 'held_back' | 'extended';

export interface SeatResult {
  /** 'missing': no such session; 'expired': a seat to buy is not (or no longer) held by the buyer. */
  status: SeatStatus;
  version: number;
  /** 'held' for a seat just taken (its holder's sockets hear 'mine'). */
  changes: SeatChange[];
  deadline: number | null;
  now: number;
  /** The offending seat of a refused check. */
  seat?: SeatCode;
  /** The seats 'Лучшие места' held. */
  seats?: SeatCode[];
}

export interface SeatSnapshotResult extends SeatResult {
  sold: SeatCode[];
  held: SeatCode[];
  mine: SeatCode[];
  /** The viewer has extended their holds already (once per hold). */
  extended: boolean;
}

type Raw = Partial<Record<keyof SeatSnapshotResult, unknown>> & { status: SeatStatus | 'unloaded' };

/** cjson writes an empty table as {}: read it as an empty list. */
const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** `now`: the context's clock, for an answer whose script gave none. */
function normalize(raw: Raw, now: number): SeatSnapshotResult {
  return {
    status: raw.status === 'unloaded' ? 'missing' : raw.status,
    version: Number(raw.version ?? 0),
    changes: list(raw.changes),
    deadline: typeof raw.deadline === 'number' ? raw.deadline : null,
    now: typeof raw.now === 'number' ? raw.now : now,
    ...(typeof raw.seat === 'string' ? { seat: raw.seat } : {}),
    ...(raw.seats !== undefined ? { seats: list<SeatCode>(raw.seats) } : {}),
    sold: list<SeatCode>(raw.sold).sort(),
    held: list<SeatCode>(raw.held).sort(),
    mine: list<SeatCode>(raw.mine).sort(),
    extended: raw.extended === true,
  };
}

export class SeatStore {
  /** Loads in flight, by session (see loadOnce). */
  private readonly loading = new Map<number, Promise<boolean>>();

  constructor(private readonly ctx: Pick<AppContext, 'redis' | 'db' | 'keys' | 'config' | 'clock'>) {}

  /**
   * The scripts' "now": Redis's clock, which every process shares, unless the context was given
   * another clock than the system's (a test's ManualClock), which then pins it (lua/clock.lua).
   */
  private get pinnedNow(): number | undefined {
    return this.ctx.clock === systemClock ? undefined : this.ctx.clock.now().getTime();
  }

  /** The global index of hold deadlines, read by the sweeper. */
  get expiryKey(): string {
    return this.ctx.keys.of('seats', 'expiry');
  }

  sessionKeys(sessionId: number): string[] {
    const key = (part: string) => this.ctx.keys.of('seats', sessionId, part);
    return [
      key('meta'),
      key('sold'),
      key('holds'),
      key('deadlines'),
      this.expiryKey,
      seatFeedChannel(this.ctx),
      key('plan'),
      key('spots'),
      key('extended'),
    ];
  }

  snapshot(sessionId: number, viewer: number | undefined): Promise<SeatSnapshotResult> {
    return this.run('snapshot', sessionId, [viewer ?? '']);
  }

  /**
   * `till`: the holder sells at the till, and may take a wheelchair space the hall holds back from
   * general sale (docs/architecture.md, "Seat selection protocol").
   */
  hold(sessionId: number, viewer: number, seat: string, { till = false } = {}): Promise<SeatResult> {
    const ttl = this.ctx.config.holdTtlSeconds * 1000;
    return this.run('hold', sessionId, [viewer, seat, ttl, MAX_SEATS_PER_PURCHASE, till ? '1' : '']);
  }

  /** Moves the viewer's deadline by HOLD_EXTEND_SECONDS, once per hold ('extended' the second time). */
  extend(sessionId: number, viewer: number): Promise<SeatResult> {
    return this.run('extend', sessionId, [viewer, this.ctx.config.holdExtendSeconds * 1000]);
  }

  /** 'Лучшие места': holds `count` adjacent seats nearest the hall's best point (result.seats). */
  best(sessionId: number, viewer: number, count: number): Promise<SeatResult> {
    const ttl = this.ctx.config.holdTtlSeconds * 1000;
    return this.run('best', sessionId, [viewer, count, ttl, MAX_SEATS_PER_PURCHASE]);
  }

  /**
   * The hall's plan changed: the session's record is read again from the database at its next use
   * (holds and sold seats stay; versions go on from the clock).
   */
  async forgetPlan(sessionId: number): Promise<void> {
    const [meta, , , , , , plan, spots] = this.sessionKeys(sessionId);
    await this.ctx.redis.del(meta!, plan!, spots!);
  }

  /** Releases one seat of the viewer, or every seat when none is named. */
  release(sessionId: number, viewer: number, seat?: string): Promise<SeatResult> {
    return this.run('release', sessionId, [viewer, seat ?? '']);
  }

  /** Before a purchase: are all these seats held by the buyer, within the deadline, before the start? */
  check(sessionId: number, viewer: number, seats: string[]): Promise<SeatResult> {
    return this.run('check', sessionId, [viewer, ...seats]);
  }

  /** After a purchase committed: the seats are sold. */
  sell(sessionId: number, seats: string[]): Promise<SeatResult> {
    return this.run('sell', sessionId, seats);
  }

  /**
   * After a refund or cancellation committed: the seats are free again, or (`heldFor`) held for that viewer
   * at once, with a fresh deadline when they hold nothing else (a cashier's SBP sale that was not paid).
   */
  unsell(sessionId: number, seats: string[], heldFor?: number): Promise<SeatResult> {
    const ttl = this.ctx.config.holdTtlSeconds * 1000;
    return this.run('unsell', sessionId, [heldFor ?? '', ttl, ...seats]);
  }

  /** Releases the session's holds whose deadline passed; `members` are the index entries seen due. */
  expire(sessionId: number, members: string[]): Promise<SeatResult> {
    return this.run('expire', sessionId, members);
  }

  /** Index entries ('<session>:<viewer>') whose deadline passed. */
  async due(limit: number): Promise<string[]> {
    return (await SEAT_SCRIPTS.due.run(this.ctx.redis, [this.expiryKey], [limit], this.pinnedNow)) as string[];
  }

  /** Copies the session's start, its hall's plan and occupied seats from the database; false when there is no such (live) session. */
  private async load(sessionId: number): Promise<boolean> {
    const { sessions, tickets } = schema;
    const [session] = await this.ctx.db
      .select({
        start: sessions.startTime,
        hallId: sessions.hallId,
        cancelledAt: sessions.cancelledAt,
        holdBackHours: schema.halls.wheelchairHoldBackHours,
      })
      .from(sessions)
      .innerJoin(schema.halls, eq(schema.halls.id, sessions.hallId))
      .where(eq(sessions.id, sessionId));
    // A cancelled session has no seats to hold: the maps answer 'missing'.
    if (!session || isCancelled(session)) return false;
    const layout = await loadPlan(this.ctx.db, session.hallId);
    const seats = layout.seats
      .filter((s) => !s.blocked)
      .map((s) => [s.code, s.row, s.x, s.pair ?? '', s.wheelchair ? '1' : '']);
    const sold = await this.ctx.db
      .select({ seat: tickets.seatNumber })
      .from(tickets)
      .where(and(eq(tickets.sessionId, sessionId), occupiesSeatSql()));
    const start = session.start.getTime();
    const keepUntil = Math.max(start, this.ctx.clock.now().getTime()) + KEEP_AFTER_START_MS;
    const wheelchairFrom = wheelchairSaleFrom(session.start, session.holdBackHours)?.getTime();
    await SEAT_SCRIPTS.load.run(
      this.ctx.redis,
      this.sessionKeys(sessionId),
      [
        sessionId,
        start,
        keepUntil,
        JSON.stringify({ seats, best: [layout.best.row, layout.best.x], wheelchair_from: wheelchairFrom }),
        ...sold.map((t) => t.seat),
      ],
      this.pinnedNow,
    );
    return true;
  }

  private async run(
    name: Exclude<keyof typeof SEAT_SCRIPTS, 'due' | 'load'>,
    sessionId: number,
    args: (string | number)[],
  ): Promise<SeatSnapshotResult> {
    const call = async () =>
      JSON.parse(
        (await SEAT_SCRIPTS[name].run(
          this.ctx.redis,
          this.sessionKeys(sessionId),
          [sessionId, ...args],
          this.pinnedNow,
        )) as string,
      ) as Raw;
    let raw = await call();
    if (raw.status === 'unloaded' && (await this.loadOnce(sessionId))) raw = await call();
    return normalize(raw, this.ctx.clock.now().getTime());
  }

  /**
   * Requests that find the session unloaded share one load: the database is read once, and they
   * run their scripts again in the order they came (each resumes in the order it started waiting).
   */
  private loadOnce(sessionId: number): Promise<boolean> {
    let loading = this.loading.get(sessionId);
    if (!loading) {
      loading = this.load(sessionId).finally(() => this.loading.delete(sessionId));
      this.loading.set(sessionId, loading);
    }
    return loading;
  }
}
