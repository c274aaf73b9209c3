// The host's watch over a no-peek table's silent pages (issue 50, "Leavers"). A friend's page
// that sends nothing at all is lost within seconds (host.js's pings); one that stays connected
// but never sends what the table waits on (its deal's worker gone, a page hung, a key kept back
// at the check, a person long away at a table with no timer) would hold every page for ever.
// Once the table has waited on a seat past its limit, with nothing from that page meanwhile,
// the host hands the seat on as a leaver's: the others open its escrow, its cards are played
// face up by a computer player, and every page says who stopped answering.

/** How long the table waits on a page's step of the deal or the check (its key, stage, seed,
 * shares, escrow piece, its key at the check): work a page does by itself, in seconds on a
 * laptop and tens of seconds on a slow phone, so a minute and a half is a page that will not. */
export const STEP_MS = 90_000;
/** How long a person's turn at a table with no turn timer waits on a page that sends nothing:
 * longer than a step, for a person thinking (Call Kitti's arrangement of thirteen cards). */
export const TURN_MS = 180_000;
/** A turn timer's run-out, then this much for the move the seat's own page makes at it (its
 * computer player's choice, and the texts that reveal its cards) to come round. */
export const TIMER_GRACE_MS = 10_000;
/** How often the host looks. */
const LOOK_MS = 1000;

/** The limit in ms: the table's turn timer for a person's move, else the fixed one (tests may
 * shorten it, ``korttiNoPeekSilentMs``, as they shorten other waits). @param {boolean} turn
 * @param {number} turnSeconds the table's turn timer (0: none) */
export function silentLimit(turn, turnSeconds) {
  if (turn && turnSeconds > 0) return turnSeconds * 1000 + TIMER_GRACE_MS;
  const knob = /** @type {any} */ (globalThis).korttiNoPeekSilentMs;
  if (typeof knob === "number" && knob > 0) return knob;
  return turn ? TURN_MS : STEP_MS;
}

/**
 * Starts the watch. ``waitingOn()``: the seats the table waits on now and whether for a move
 * (the host's page: net/nopeek-table.js); ``heard(seat)``: when that seat's page last sent the
 * table something (performance.now(), or -Infinity); ``friends()``: the seats a friend's page
 * plays now; ``handOn(seat)``: the seat is handed on (once per silence). ``look()``: one look now (tests).
 * @param {{waitingOn: () => Promise<{seats: number[], turn: boolean}>, heard: (seat: number) => number,
 *   friends: () => number[], turnSeconds: number, handOn: (seat: number) => void, now?: () => number}} options
 */
export function watchSilence({ waitingOn, heard, friends, turnSeconds, handOn, now = () => performance.now() }) {
  /** @type {Map<number, number>} since when the table has waited on each seat */
  const since = new Map();
  let looking = false;

  async function look() {
    if (looking) return;
    looking = true;
    try {
      const { seats, turn } = await waitingOn();
      const at = now();
      const waited = new Set(seats.filter((s) => friends().includes(s)));
      for (const s of [...since.keys()]) if (!waited.has(s)) since.delete(s);
      for (const s of waited) {
        if (!since.has(s)) since.set(s, at);
        const quiet = at - Math.max(/** @type {number} */ (since.get(s)), heard(s));
        if (quiet > silentLimit(turn, turnSeconds)) {
          since.delete(s);
          handOn(s);
        }
      }
    } catch (e) {
      console.warn("kortti: the no-peek watch could not look:", e);
    } finally {
      looking = false;
    }
  }

  const handle = setInterval(look, LOOK_MS);
  return { stop() { clearInterval(handle); }, look };
}
