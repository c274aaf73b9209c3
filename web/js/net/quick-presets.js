// The tables a quick match seats strangers at: per game, the seats and options a public
// table uses. Strangers sit together only at the same preset of the same site version, so a
// preset is fixed to the common choice (the engine's defaults, web/js/lobby.js's first
// choices) and the turn timer is always on (the rules' "Online, each turn has a timer").

import { VERSION } from "./protocol.js";

/** The version a page's lobby messages carry: the friends protocol's, since a quick match
 * seats strangers with that protocol and pages of two versions cannot sit together. */
export const SITE_VERSION = VERSION;

/**
 * @typedef {{id: string, game: string, seats: number, options: Record<string, string|number|boolean|null>,
 *   turnSeconds: number}} Preset
 * ``options``: the engine's options for the table (the rest at their defaults); ``turnSeconds``:
 * everyone's turn timer (Katte's own K-13 option carries the same figure).
 */

/** Every public table's preset, by id. Changing one is a new id: old pages never match it. */
export const PRESETS = /** @type {const} */ ({
  "katte-4": { id: "katte-4", game: "katte", seats: 4, options: { ante: 10, double_pay: false, turn_seconds: 45 }, turnSeconds: 45 },
  "katko-4": { id: "katko-4", game: "katko", seats: 4, options: { decks: 1, target: 3, trump: false, must_beat: false }, turnSeconds: 45 },
  "call-kitti-4": { id: "call-kitti-4", game: "call-kitti", seats: 4, options: { base_price: 1 }, turnSeconds: 45 },
  "kocka-4": { id: "kocka-4", game: "kocka", seats: 4, options: {}, turnSeconds: 45 },
});

/** The games with a quick match. */
export const GAMES = ["katte", "katko", "call-kitti", "kocka"];

/**
 * The preset of that id for that game, or null: a message naming another is dropped.
 * @param {unknown} game
 * @param {unknown} id
 * @returns {Preset | null}
 */
export function presetOf(game, id) {
  if (typeof id !== "string" || !Object.hasOwn(PRESETS, id)) return null;
  const preset = /** @type {Record<string, Preset>} */ (PRESETS)[id];
  return preset.game === game ? preset : null;
}
