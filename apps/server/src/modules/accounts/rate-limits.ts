import { inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { rateLimits } from "../../db/schema.ts";
import { fail } from "../../lib/fail.ts";

/**
 * A budget of hits per key.
 * - fixed (no `growing`): the window opens with the first hit and lasts `windowMs`; the `limit`-th hit is the last
 *   one let through until it closes.
 * - growing: the first `limit` hits are free; each further hit makes the next one wait twice as long, from
 *   `baseDelayMs` up to `maxDelayMs` — a slowdown, not a lock-out. `windowMs` without a hit forgets the count.
 */
export interface RateRule {
  key: string;
  limit: number;
  windowMs: number;
  growing?: { baseDelayMs: number; maxDelayMs: number };
}

class Blocked extends Error {
  constructor(readonly waitMs: number) {
    super("rate limited");
  }
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const ms = (n: number) => sql`(${n}::double precision * interval '1 millisecond')`;

/** One hit on one key, counted only if the key is not blocked now; returns the new count or null when blocked. */
async function hitOne(db: Queryable, rule: RateRule, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - rule.windowMs);
  const limit = rule.limit;
  // the count after this hit: a lapsed window starts again at 1
  const lapsed = rule.growing ? sql`r.updated_at <= ${ts(since)}` : sql`r.window_start <= ${ts(since)}`;
  const n = sql`(case when ${lapsed} then 1 else r.hits + 1 end)`;
  const windowStart = sql`(case when ${lapsed} then ${ts(now)} else r.window_start end)`;
  // Not blocked is "blocked until 1970", not "until now": a parallel request that read the clock a moment earlier
  // must not find itself blocked by a hit that was still within the limit.
  const blockAfter = (count: ReturnType<typeof sql>, start: ReturnType<typeof sql>) =>
    rule.growing
      ? sql`case when ${count} >= ${limit} then ${ts(now)} + least(${rule.growing.maxDelayMs}::double precision, ${rule.growing.baseDelayMs}::double precision * power(2, least(${count} - ${limit}, 40))) * interval '1 millisecond' else to_timestamp(0) end`
      : sql`case when ${count} >= ${limit} then ${start} + ${ms(rule.windowMs)} else to_timestamp(0) end`;
  const result = (await db.execute(sql`
    insert into rate_limits as r (key, hits, window_start, updated_at, blocked_until)
    values (${rule.key}, 1, ${ts(now)}, ${ts(now)}, ${blockAfter(sql`1`, ts(now))})
    on conflict (key) do update set
      hits = ${n},
      window_start = ${windowStart},
      updated_at = ${ts(now)},
      blocked_until = ${blockAfter(n, windowStart)}
    where r.blocked_until <= ${ts(now)}
    returning r.hits`)) as unknown as { rows: { hits: number }[] };
  const row = result.rows[0];
  return row ? Number(row.hits) : null;
}

/**
 * Limits kept in the database (they hold across processes and restarts). A hit is counted before the action it
 * guards, in one upsert that holds the key's row lock: parallel requests queue on it, so they are counted one by one
 * and no more than the limit ever get through.
 */
export class RateLimiter {
  constructor(private readonly db: Queryable) {}

  /**
   * Counts one hit on every rule — all or none: when one key is blocked nothing is counted and 429 RATE_LIMITED is
   * thrown with Retry-After (whole seconds until that block ends).
   */
  async hit(rules: RateRule[], now = new Date()): Promise<void> {
    // a fixed order of row locks: two requests sharing keys cannot deadlock
    const sorted = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    try {
      await this.db.transaction(async (tx) => {
        for (const rule of sorted) {
          if ((await hitOne(tx as unknown as Queryable, rule, now)) !== null) continue;
          const result = (await tx.execute(
            sql`select blocked_until from rate_limits where key = ${rule.key}`,
          )) as unknown as { rows: { blocked_until: Date | string }[] };
          const until = new Date(result.rows[0]?.blocked_until ?? now);
          // from the moment of answering: this request may have queued on the row lock since `now`
          throw new Blocked(until.getTime() - Date.now());
        }
      });
    } catch (error) {
      if (!(error instanceof Blocked)) throw error;
      const seconds = Math.max(1, Math.ceil(error.waitMs / 1000));
      throw fail("RATE_LIMITED", { headers: { "retry-after": String(seconds) } });
    }
  }

  /** Takes back one hit per key (the guarded action succeeded and should not count against the budget). */
  async refund(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .update(rateLimits)
      .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
      .where(inArray(rateLimits.key, keys));
  }

  /** Forgets keys entirely (the right password from this phone and address: no slowdown left for its owner). */
  async reset(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.delete(rateLimits).where(inArray(rateLimits.key, keys));
  }
}

/** Rows with nothing left to remember (no block, untouched longer than the longest window). */
export async function purgeRateLimits(db: Queryable, now = new Date()): Promise<void> {
  const stale = new Date(now.getTime() - 25 * 3600_000);
  await db
    .delete(rateLimits)
    .where(sql`${rateLimits.blockedUntil} < ${ts(now)} and ${rateLimits.updatedAt} < ${ts(stale)}`);
}

/** SMS_MAX_PER_HOUR's and SMS_MAX_PER_ADDRESS_PER_HOUR's defaults. */
export const DEFAULT_SMS_PER_HOUR = 200;
export const DEFAULT_SMS_PER_ADDRESS_PER_HOUR = 60;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/**
 * Sign-in slowdown: 5 s after the free attempts, doubling to at most 15 min; 15 quiet minutes forget it. Someone who
 * mistyped waits seconds; a guesser gets about 12 more tries in the first hour instead of thousands.
 */
const SLOWDOWN = { baseDelayMs: 5 * SECOND, maxDelayMs: 15 * MINUTE };

export const LIMITS = {
  /**
   * Password attempts, counted before the check. Per phone and address: 5 free, then growing delays — one person's
   * typos or one attacker's guesses slow down that pair only, so a school behind one shared address keeps working.
   */
  signInPhoneIp: (phone: string, ip: string): RateRule => ({
    key: `signin:pi:${phone}|${ip}`,
    limit: 5,
    windowMs: 15 * MINUTE,
    growing: SLOWDOWN,
  }),
  /** Per phone from anywhere (guesses spread over many addresses): 20 free, then growing delays. */
  signInPhone: (phone: string): RateRule => ({
    key: `signin:phone:${phone}`,
    limit: 20,
    windowMs: 15 * MINUTE,
    growing: SLOWDOWN,
  }),
  /** Per address across phones (one machine trying many accounts): 50 free — a school's morning — then delays. */
  signInIp: (ip: string): RateRule => ({ key: `signin:ip:${ip}`, limit: 50, windowMs: 15 * MINUTE, growing: SLOWDOWN }),
  /** SMS to one phone: 1 per 60 s per purpose (resend cooldown) and 10 a day whatever the purpose. */
  smsMinute: (phone: string, purpose: string): RateRule => ({
    key: `sms:${purpose}:${phone}`,
    limit: 1,
    windowMs: MINUTE,
  }),
  smsDay: (phone: string): RateRule => ({ key: `sms:${phone}`, limit: 10, windowMs: 24 * HOUR }),
  /** SMS asked for from one address in an hour (SMS_MAX_PER_ADDRESS_PER_HOUR: a class registering behind one NAT). */
  smsIp: (ip: string, perHour: number): RateRule => ({ key: `sms:ip:${ip}`, limit: perHour, windowMs: HOUR }),
  /** SMS from the whole instance an hour (SMS_MAX_PER_HOUR): caps what an abuser can cost the school. */
  smsAll: (perHour: number): RateRule => ({ key: "sms:all", limit: perHour, windowMs: HOUR }),
  /** Class codes tried by one student (success is refunded) and from one address. */
  joinStudent: (studentId: string): RateRule => ({
    key: `join:student:${studentId}`,
    limit: 10,
    windowMs: 15 * MINUTE,
  }),
  joinIp: (ip: string): RateRule => ({ key: `join:ip:${ip}`, limit: 30, windowMs: 15 * MINUTE }),
  /** Invitation codes checked from one address (signed-out). */
  invitationCheckIp: (ip: string): RateRule => ({ key: `invitation:ip:${ip}`, limit: 20, windowMs: 15 * MINUTE }),
  /** The sign-in screen's phone check from one address. */
  phoneCheckIp: (ip: string): RateRule => ({ key: `phone-check:ip:${ip}`, limit: 60, windowMs: MINUTE }),
};
