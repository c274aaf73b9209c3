// A seat's deal key in escrow with the other crypto seats, so that they can open a leaver's
// hand together and no fewer of them can (docs/no-peek.md, "The escrow"). Seat i splits its
// secret x_i into one random piece a_ij per other seat j, Σ_j a_ij = x_i mod ℓ; it publishes
// each piece's commitment A_ij = a_ij·B (anyone checks Σ_j A_ij = Y_i) and the piece sealed to
// j (seal.js, purpose "escrow"). Seat j opens its piece and checks it against its commitment;
// a wrong one, j shows to everyone by publishing its Diffie–Hellman point with i and a proof
// that it is (a complaint): every page then opens the piece itself and names the seat at
// fault. With only two crypto seats there is no escrow: the one piece would be x_i itself,
// and the other seat would open every card at once. No DOM.

import {
  BASE, IDENTITY, fromHex, mod, mulPublic, mulSecret, pointFromHex, pointToHex, randomScalar,
  scalarFromHex, scalarToHex, toHex,
} from "./group.js";
import { proveShare, verifyShare } from "./proofs.js";
import { openWithShared, sealWithShared } from "./seal.js";

/**
 * @typedef {import("./group.js").Point} Point
 * @typedef {import("./proofs.js").Proof} Proof
 * @typedef {import("./seal.js").Sealed} Sealed
 * @typedef {{to: number, commitment: string, box: string, tag: string}} Piece one other seat's piece:
 *   a_ij·B, and a_ij sealed to it
 * @typedef {{seat: number, pieces: Piece[]}} EscrowEntry seat i's escrow, its pieces by seat j ascending
 * @typedef {{seat: number, owner: number, shared: string, proof: Proof}} Complaint seat j's Diffie–Hellman
 *   point with the owner i, x_j·Y_i, and the proof that it is (proofs.js's share proof, with Y_i as the "card")
 * @typedef {{deal: string}} DealContext
 */

const PURPOSE = "escrow";

/** @param {number} owner @param {number} to @param {DealContext} context */
function sealContext(owner, to, { deal }) {
  return { deal, from: owner, to, purpose: PURPOSE };
}

/** @param {bigint} k @returns {Uint8Array} its 32 bytes little-endian */
function scalarBytes(k) {
  return fromHex(scalarToHex(k), 32);
}

/**
 * Seat ``seat``'s escrow of its deal key ``secret``: one piece per other crypto seat.
 * @param {bigint} secret @param {number} seat
 * @param {{seat: number, key: Point}[]} others every other crypto seat and its public key
 * @param {DealContext} context
 * @returns {EscrowEntry}
 */
export function makeEscrow(secret, seat, others, context) {
  const sorted = [...others].sort((a, b) => a.seat - b.seat);
  if (sorted.length < 2) return { seat, pieces: [] }; // two crypto seats: no escrow (see above)
  const amounts = sorted.slice(1).map(() => randomScalar());
  amounts.unshift(mod(secret - amounts.reduce((sum, a) => sum + a, 0n)));
  return {
    seat,
    pieces: sorted.map(({ seat: to, key }, n) => ({
      to,
      // the first piece, x_i less the random others, is 0 at odds 2^-252: public-scalar multiply
      commitment: pointToHex(mulPublic(BASE, amounts[n])),
      ...sealWithShared(mulSecret(key, secret), scalarBytes(amounts[n]), sealContext(seat, to, context)),
    })),
  };
}

/**
 * What is wrong with an escrow entry, as anyone can see it (no key needed), or null: its
 * owner, one piece per other crypto seat in order, each a commitment (a point) and a seal of
 * 32 bytes, and the commitments summing to the owner's public key.
 * @param {unknown} entry @param {number} owner the seat that sent it @param {Point} ownerKey
 * @param {number[]} otherSeats the other crypto seats, ascending
 * @returns {string | null}
 */
export function escrowProblem(entry, owner, ownerKey, otherSeats) {
  if (typeof entry !== "object" || entry === null) return "its escrow is missing";
  const { seat, pieces } = /** @type {{seat?: unknown, pieces?: unknown}} */ (entry);
  if (seat !== owner) return "its escrow names another seat";
  if (!Array.isArray(pieces)) return "its escrow has no pieces";
  if (otherSeats.length < 2) return pieces.length === 0 ? null : "an escrow between two seats gives the key away";
  if (pieces.length !== otherSeats.length) return "its escrow has a piece too many or too few";
  let sum = IDENTITY;
  for (let n = 0; n < pieces.length; n++) {
    const piece = pieces[n];
    if (typeof piece !== "object" || piece === null || piece.to !== otherSeats[n]) {
      return `its escrow's piece ${n} is not for seat ${otherSeats[n]}`;
    }
    try {
      sum = sum.add(pointFromHex(piece.commitment));
      fromHex(piece.box, 32);
      fromHex(piece.tag, 32);
    } catch {
      return `its escrow's piece for seat ${piece.to} is malformed`;
    }
  }
  return sum.equals(ownerKey) ? null : "its escrow's pieces do not add up to its key";
}

/**
 * Whether an escrow entry holds as anyone can see it (escrowProblem finds nothing).
 * @param {unknown} entry @param {Point} ownerKey @param {number[]} otherSeats ascending
 */
export function checkEscrow(entry, ownerKey, otherSeats) {
  const owner = /** @type {{seat?: unknown}} */ (entry ?? {}).seat;
  return Number.isInteger(owner) && escrowProblem(entry, /** @type {number} */ (owner), ownerKey, otherSeats) === null;
}

/** @param {EscrowEntry} entry @param {number} seat @returns {Piece | undefined} */
function pieceFor(entry, seat) {
  return entry.pieces.find((p) => p.to === seat);
}

/**
 * A piece, opened under the two seats' shared point, if it is the one its commitment says.
 * @param {EscrowEntry} entry @param {number} to @param {Point} shared @param {DealContext} context
 * @returns {bigint | null}
 */
function openUnder(entry, to, shared, context) {
  const piece = pieceFor(entry, to);
  if (!piece) return null;
  const bytes = openWithShared(shared, piece, sealContext(entry.seat, to, context));
  if (!bytes || bytes.length !== 32) return null;
  try {
    const amount = scalarFromHex(toHex(bytes));
    return mulPublic(BASE, amount).equals(pointFromHex(piece.commitment)) ? amount : null;
  } catch {
    return null; // not a scalar (≥ ℓ), or a malformed commitment
  }
}

/**
 * This seat's piece of another seat's escrow (checked with checkEscrow first), or null if it
 * does not open or is not the one its commitment says: then publish a complaint.
 * @param {EscrowEntry} entry @param {bigint} mySecret @param {number} mySeat @param {Point} ownerKey
 * @param {DealContext} context
 */
export function openPiece(entry, mySecret, mySeat, ownerKey, context) {
  return openUnder(entry, mySeat, mulSecret(ownerKey, mySecret), context);
}

/**
 * Seat j's complaint that the owner sealed it a wrong piece: the shared point x_j·Y_i with
 * the proof that it is j's key applied to Y_i. It opens every seal between the two seats to
 * everyone (the deal is void either way: the owner's fault or the complainer's).
 * @param {EscrowEntry} entry @param {bigint} mySecret @param {number} mySeat @param {Point} myKey
 * @param {Point} ownerKey @param {DealContext} context
 * @returns {Complaint}
 */
export function complaint(entry, mySecret, mySeat, myKey, ownerKey, { deal }) {
  const shared = mulSecret(ownerKey, mySecret);
  return {
    seat: mySeat, owner: entry.seat, shared: pointToHex(shared),
    proof: proveShare(mySecret, myKey, ownerKey, shared, { deal, seat: mySeat }),
  };
}

/**
 * Every page's verdict on a complaint: the seat at fault and why. The complainer, if it names
 * no piece of this escrow for it, its shared point's proof fails or the piece is right after
 * all; else the escrow's owner. A complaint that names no seat throws (no one to name).
 * @param {EscrowEntry} entry the owner's (it passed checkEscrow) @param {unknown} claim
 * @param {Point} ownerKey @param {Point} complainerKey @param {DealContext} context
 * @returns {{seat: number, why: string}}
 */
export function checkComplaint(entry, claim, ownerKey, complainerKey, context) {
  const { seat, owner, shared, proof } = /** @type {{seat?: unknown, owner?: unknown, shared?: unknown, proof?: unknown}} */ (
    claim ?? {});
  if (!Number.isInteger(seat)) throw new Error("a complaint that names no seat");
  const complainer = /** @type {number} */ (seat);
  if (owner !== entry.seat || !pieceFor(entry, complainer)) {
    return { seat: complainer, why: `it complained of no piece of seat ${entry.seat}'s escrow` };
  }
  let point;
  try {
    point = pointFromHex(shared);
  } catch {
    return { seat: complainer, why: "its complaint's shared point is not a point" };
  }
  if (!verifyShare(complainerKey, ownerKey, point, proof, { deal: context.deal, seat: complainer })) {
    return { seat: complainer, why: "its complaint's shared point is not its key's" };
  }
  return openUnder(entry, complainer, point, context) === null
    ? { seat: entry.seat, why: `its escrow's piece for seat ${complainer} is not the one it committed to` }
    : { seat: complainer, why: `it complained of a right piece of seat ${entry.seat}'s escrow` };
}

/**
 * Whether a published piece (a scalar, hex) is seat ``seat``'s of this escrow: its commitment.
 * @param {EscrowEntry} entry @param {number} seat @param {unknown} piece
 */
export function checkPiece(entry, seat, piece) {
  const mine = pieceFor(entry, seat);
  if (!mine) return false;
  try {
    return mulPublic(BASE, scalarFromHex(piece)).equals(pointFromHex(mine.commitment));
  } catch {
    return false;
  }
}

/**
 * The escrow's owner's deal key from every piece (hex, by the holder's seat), each checked
 * against its commitment, and the sum against the sum of the commitments (the owner's public
 * key, once checkEscrow holds) or ``ownerKey`` if given; null if a piece is missing or wrong,
 * or there is no escrow (two crypto seats).
 * @param {EscrowEntry} entry @param {Record<number, unknown>} pieces @param {Point} [ownerKey]
 * @returns {bigint | null}
 */
export function recoverSecret(entry, pieces, ownerKey) {
  if (entry.pieces.length === 0) return null;
  let secret = 0n;
  let committed = IDENTITY;
  for (const { to, commitment } of entry.pieces) {
    if (!checkPiece(entry, to, pieces[to])) return null;
    secret += scalarFromHex(pieces[to]);
    committed = committed.add(pointFromHex(commitment));
  }
  secret = mod(secret);
  return mulPublic(BASE, secret).equals(ownerKey ?? committed) ? secret : null;
}
