// Which position of the last shuffle stage each slot takes: fixed after the shuffle by a joint
// commit–reveal, so that no shuffler can aim a card at a slot (docs/no-peek.md, "The seed").
// Each seat commits to 32 random bytes r_i with its key, reveals r_i once the last stage is in,
// and the joint seed drives a Fisher–Yates shuffle of the slots. No DOM.

import { concat, fromHex, sha512, toHex, utf8 } from "./group.js";

/** A seat's 32 random bytes for the seed, as hex. */
export function randomSeedPart() {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * The commitment to r: SHA-512(utf8("kortti-nopeek-v1|seed|" + deal + "|" + seat + "|") || r), hex.
 * @param {string} deal @param {number} seat the crypto seat's index @param {string} r 32 bytes, hex
 */
export function seedCommitment(deal, seat, r) {
  return toHex(sha512(concat([utf8(`kortti-nopeek-v1|seed|${deal}|${seat}|`), fromHex(r, 32)])));
}

/**
 * The joint seed: SHA-512(utf8("kortti-nopeek-v1|positions|" + deal + "|") || r_0 || … || r_(n−1)),
 * the parts in crypto-seat order.
 * @param {string} deal @param {string[]} parts each seat's r, hex
 */
export function jointSeed(deal, parts) {
  return sha512(concat([utf8(`kortti-nopeek-v1|positions|${deal}|`), ...parts.map((r) => fromHex(r, 32))]));
}

/**
 * Each slot's position: positions[slot]. The list [0, 1, … count−1] shuffled by Fisher–Yates
 * (i from count−1 down to 1: j uniform in [0, i], swap items i and j), each j drawn from the
 * byte stream SHA-512(seed || be32(0)) || SHA-512(seed || be32(1)) || …, four bytes at a time
 * as a big-endian u32 v, taken when v < ⌊2^32 / (i+1)⌋·(i+1) (else the next four), j = v mod (i+1).
 * @param {Uint8Array} seed the joint seed @param {number} count the deck's cards
 * @returns {number[]}
 */
export function slotPositions(seed, count) {
  let block = 0;
  /** @type {Uint8Array} */
  let stream = new Uint8Array(0);
  let at = 0;
  const next = () => {
    if (at + 4 > stream.length) {
      const counter = new Uint8Array(4);
      new DataView(counter.buffer).setUint32(0, block++);
      stream = sha512(concat([seed, counter]));
      at = 0;
    }
    const v = new DataView(stream.buffer, stream.byteOffset + at, 4).getUint32(0);
    at += 4;
    return v;
  };
  const positions = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const limit = Math.floor(2 ** 32 / (i + 1)) * (i + 1);
    let v = next();
    while (v >= limit) v = next();
    const j = v % (i + 1);
    [positions[i], positions[j]] = [positions[j], positions[i]];
  }
  return positions;
}

/**
 * A seat's commitment to bytes the game gives (Call Kitti's arrangement), opened later:
 * SHA-512(utf8("kortti-nopeek-v1|commit|" + deal + "|" + seat + "|") || nonce || bytes), hex.
 * @param {string} deal @param {number} seat the crypto seat's index @param {Uint8Array} nonce 32 bytes @param {Uint8Array} bytes
 */
export function commitment(deal, seat, nonce, bytes) {
  return toHex(sha512(concat([utf8(`kortti-nopeek-v1|commit|${deal}|${seat}|`), nonce, bytes])));
}
