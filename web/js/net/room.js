// A friends table by its code, over the internet: Trystero (vendored by build.py) finds the
// peers through public Nostr relays, and the connection is then direct (WebRTC). The relays
// see only a random table id and offers encrypted with a key made from the code (Trystero's
// ``password``), which is never sent; STUN servers see each player's address. Off until a
// player turns it on (friends.js says what goes to whom first).
//
// Every peer of the room connects to every other (Trystero's rooms are meshes; its
// "passive" peers would wait up to a minute for the host's next announcement). The host
// says so to each peer it meets (protocol.js, "table"); a friend's page talks to that peer
// alone and leaves the others be.
import { WORDS } from "./words.js";

const TRYSTERO = "../../vendor/trystero-nostr-0.25.4/index.mjs";
const TRYSTERO_CORE = "../../vendor/trystero-core-0.25.4/index.mjs";
const TRYSTERO_REDUNDANCY = 5; // (its Nostr strategy's ``defaultRedundancy``: not exported)
const APP_ID = "kortti.friends.v1";
const RELAY_CHECK_MS = 8000; // a relay that has not answered by then is said to be out of reach

/** Where Trystero's relays are, and the STUN servers: the player's settings (friends.js). */
export const DEFAULT_STUN = ["stun:stun.l.google.com:19302"];

/**
 * @typedef {{id: string, readyState: "open" | "closed", onmessage: ((event: {data: string}) => void) | null,
 *   onclose: (() => void) | null, send(text: string): void, close(): void}} PeerChannel
 * What host.js and guest.js use of an RTCDataChannel, on one peer of the room.
 */

// Trystero makes its connection offers in advance (a pool) and restarts the ICE of one
// that waited more than 57 s before it sends it, or when it takes it back unanswered. To do
// so it first rolls the unanswered offer back, and in Chromium rolling back a connection's
// first offer drops the data channel from the offer made next: the one sent has no
// section at all (some 700 bytes on the relay, not 1,480), the answer neither, and no
// channel can open. A friend on the offering side of the id order never came back when
// the host reloaded a minute or more into a match (issue 53); a host's old offers would
// strand a friend who joins late the same way. An offer may replace an unanswered offer
// with no rollback (checked on Chromium 156: the restarted offer keeps its data channel,
// has new ICE credentials and connects), so these connections skip that one rollback.
class OfferKeepingConnection extends RTCPeerConnection {
  /** @param {RTCLocalSessionDescriptionInit} [description] */
  setLocalDescription(description) {
    const ownUnansweredOffer = this.signalingState === "have-local-offer" && !this.remoteDescription;
    if (description?.type === "rollback" && ownUnansweredOffer) return Promise.resolve();
    return super.setLocalDescription(description);
  }
}

/**
 * A channel-like face on one peer of the room.
 * @param {string} id Trystero's peer id
 * @param {{send(data: string, options: {target: string}): Promise<void>}} action
 * @param {{getPeers(): Record<string, RTCPeerConnection>}} room
 * @returns {PeerChannel}
 */
function peerChannel(id, action, room) {
  /** @type {PeerChannel} */
  const ch = {
    id,
    readyState: "open",
    onmessage: null,
    onclose: null,
    send(text) {
      if (ch.readyState === "open") action.send(text, { target: id }).catch(() => {});
    },
    close() {
      if (ch.readyState === "closed") return;
      ch.readyState = "closed";
      room.getPeers()[id]?.close();
      ch.onclose?.();
    },
  };
  return ch;
}

/**
 * The ICE servers: the STUN servers, and the player's own TURN server if one is set (about
 * one pair of strangers in five finds no direct route: a TURN server relays their traffic).
 * @param {{stun: string[], turn?: {urls: string[], username: string, credential: string}}} net
 * @returns {RTCIceServer[]}
 */
export function iceServers(net) {
  /** @type {RTCIceServer[]} */
  const servers = net.stun.length ? [{ urls: net.stun }] : [];
  if (net.turn?.urls.length) servers.push({ urls: net.turn.urls, username: net.turn.username, credential: net.turn.credential });
  return servers;
}

/**
 * The relays a page uses: the player's, or Trystero's own choice from its public list
 * (the same relays the table codes use: ``getRelays`` as Trystero's Nostr strategy calls it,
 * five of them, picked by the app id).
 * @param {string[]} relays the player's (connection settings), or none
 * @returns {Promise<string[]>}
 */
export async function relayUrls(relays) {
  if (relays.length) return relays;
  const [{ defaultRelayUrls }, { getRelays }] = await Promise.all([import(TRYSTERO), import(TRYSTERO_CORE)]);
  return getRelays({ appId: APP_ID }, defaultRelayUrls, TRYSTERO_REDUNDANCY, true);
}

/**
 * Join the table ``code``: ``onPeer(channel)`` for each peer that connects (the host gets
 * its friends; a friend gets the host). ``relays``: WebSocket URLs; ``stun``: STUN URLs.
 * @param {string} code four words (words.js)
 * @param {{host: boolean, relays: string[], stun: string[], turn?: {urls: string[], username: string, credential: string},
 *   onPeer: (channel: PeerChannel) => void,
 *   onError?: (why: string) => void}} options
 * @returns {Promise<{leave(): void}>}
 */
export async function joinTable(code, options) {
  if (!code.split("-").every((w) => WORDS.includes(w))) throw Object.assign(new Error("not a table code"), { reason: "malformed" });
  const { joinRoom, getRelaySockets } = await import(TRYSTERO);
  quietLeaves();
  const roomId = await digest(`kortti-table:${code}`);
  const room = joinRoom({
    appId: APP_ID,
    password: code,
    ...(options.relays.length ? { relayConfig: { urls: options.relays, warnOnRelayFailure: false } } : {}),
    rtcConfig: { iceServers: iceServers(options) },
    rtcPolyfill: OfferKeepingConnection,
  }, roomId, { onJoinError: () => options.onError?.("password") });
  const action = room.makeAction("k");
  // no relay open after a while: said (a wrong address, a network that blocks them), not waited on in silence
  const check = setTimeout(() => {
    const sockets = Object.values(getRelaySockets?.() || {});
    if (!sockets.some((ws) => /** @type {WebSocket} */ (ws)?.readyState === 1)) options.onError?.("relays");
  }, RELAY_CHECK_MS);
  /** @type {Map<string, PeerChannel>} */
  const peers = new Map();
  room.onPeerJoin = (/** @type {string} */ id) => {
    const ch = peerChannel(id, action, room);
    peers.set(id, ch);
    options.onPeer(ch);
  };
  room.onPeerLeave = (/** @type {string} */ id) => {
    const ch = peers.get(id);
    peers.delete(id);
    if (ch && ch.readyState !== "closed") {
      ch.readyState = "closed";
      ch.onclose?.();
    }
  };
  action.onMessage = (/** @type {unknown} */ data, /** @type {{peerId: string}} */ { peerId }) => {
    const ch = peers.get(peerId);
    if (ch && typeof data === "string") ch.onmessage?.({ data });
  };
  return {
    leave() {
      clearTimeout(check);
      for (const ch of peers.values()) ch.readyState = "closed";
      peers.clear();
      room.leave().catch(() => {});
    },
  };
}

// A peer that leaves closes its data channel, and Chromium reports the close to the other
// side as an "error" (OperationError: User-Initiated Abort), which Trystero logs with
// console.error. A friend leaving is no fault: that one message is not logged; every other is.
let quiet = false;
function quietLeaves() {
  if (quiet) return;
  quiet = true;
  const log = console.error.bind(console);
  console.error = (...args) => {
    if (/peer error/.test(String(args[0])) && /User-Initiated Abort/.test(String(args[1]))) return;
    log(...args);
  };
}

/** @param {string} text */
async function digest(text) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(bytes.slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
}
