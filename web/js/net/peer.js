// The friends table on one network: one RTCDataChannel between two browsers, with no
// server at all. The host's page makes an invite code, the guest's page turns it into an
// answer code, the host's page accepts that: the two codes are the whole signalling, and
// people carry them (a link, a QR code, copy and paste).
//
// ICE is not trickled: a code is made only once the browser has gathered its candidates
// (or after `gatherTimeout`), since there is no channel to send later candidates on.
//
// A code keeps only what the connection needs from the SDP (ICE ufrag and password, the
// DTLS sha-256 fingerprint, the setup role, the candidates) in a small binary form,
// base64url without padding; the other side rebuilds a data-channel-only SDP from it.
// Layout (byte by byte):
//   0xB0 | version (4 bits: Kortti's mark, then the format; this is format 1)
//   flags: bit 0 answer (else offer), bits 1-2 setup (0 actpass, 1 active, 2 passive)
//   ufrag, password: a length byte, then 6 bits a character (ICE characters are base64's)
//   32 bytes: the sha-256 certificate fingerprint
//   a count byte, then each candidate: a header byte (bit 0 tcp, bits 1-2 type,
//     bits 3-4 tcptype, bits 5-6 address form), the address (4 bytes IPv4, 16 IPv6,
//     16 for a browser's "<uuid>.local" mDNS name, else a length byte and UTF-8), the port
//   a CRC-8 of all the bytes before it: every one-character typo or cut is "malformed",
//     not a connection that fails 20 s later.
// Typical length (Chromium 156, measured in tests/browser/netns_peer.py): an invite 98
// characters (host candidates 127.0.0.1 over udp and tcp: the tests' loopback), an answer
// 88 (udp only: Chrome's answer has no tcp candidate); with the "<uuid>.local" mDNS names
// Chrome shows on a real network instead, 130 (udp + tcp). Each further mDNS candidate adds
// 26 characters, each IPv4 one (a STUN server's srflx) 10, each IPv6 one 26.
// Foundations and priorities are not kept: rebuilt from the candidates' order and type.

/** @typedef {"malformed" | "version" | "no-route" | "used" | "closed" | "unsupported"} PeerReason */

/**
 * @typedef {object} PeerOptions
 * @property {RTCIceServer[]} [iceServers] STUN/TURN servers; none on one network ([]).
 * @property {number} [gatherTimeout] ms to wait for ICE gathering (5000); then use what came.
 * @property {number} [timeout] ms for the channel to open (20000), counted on the host from
 *   `accept()`, on the guest from when its answer code is made.
 */

/**
 * @typedef {object} Invite
 * @property {string} code The invite code, for the guest.
 * @property {(answerCode: string) => Promise<void>} accept Applies the guest's answer code.
 * @property {Promise<RTCDataChannel>} channel Resolves when the channel is open.
 * @property {() => void} close Closes the connection (rejects a pending `channel`: "closed").
 */

/**
 * @typedef {object} Answer
 * @property {string} code The answer code, for the host.
 * @property {Promise<RTCDataChannel>} channel Resolves when the channel is open.
 * @property {() => void} close Closes the connection (rejects a pending `channel`: "closed").
 */

/**
 * @typedef {object} Candidate
 * @property {"udp" | "tcp"} protocol
 * @property {"host" | "srflx" | "prflx" | "relay"} type
 * @property {"" | "active" | "passive" | "so"} tcptype "" for udp
 * @property {string} address
 * @property {number} port
 */

/**
 * @typedef {object} Description What a code carries.
 * @property {"offer" | "answer"} type
 * @property {"actpass" | "active" | "passive"} setup
 * @property {string} ufrag
 * @property {string} pwd
 * @property {Uint8Array} fingerprint sha-256, 32 bytes
 * @property {Candidate[]} candidates
 */

/** An error the page can put in plain words: `reason` says which. */
export class PeerError extends Error {
  /** @param {PeerReason} reason @param {string} message */
  constructor(reason, message) {
    super(message);
    this.name = "PeerError";
    /** @type {PeerReason} */
    this.reason = reason;
  }
}

const MARK = 0xb0;
const VERSION = 1;
const SCTP_PORT = 5000;
const MAX_MESSAGE_SIZE = 262144; // Chrome's; a smaller claim only limits what the other side sends
const LABEL = "kortti";
// Negotiated (same id on both sides): the guest needs no `datachannel` event and no DCEP.
const CHANNEL_INIT = { negotiated: true, id: 0, ordered: true };

const TYPES = /** @type {const} */ (["host", "srflx", "prflx", "relay"]);
const TCPTYPES = /** @type {const} */ (["", "active", "passive", "so"]);
const SETUPS = /** @type {const} */ (["actpass", "active", "passive"]);
const ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const ADDR_IPV4 = 0;
const ADDR_IPV6 = 1;
const ADDR_MDNS = 2;
const ADDR_NAME = 3;
const MDNS = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;

// ---------------------------------------------------------------- the codes

/** @param {string} message */
const malformed = (message) => new PeerError("malformed", message);

/** CRC-8 (polynomial 0x07): catches any error within 8 bits, so any one wrong character. */
function crc8(/** @type {Uint8Array} */ bytes, /** @type {number} */ end) {
  let crc = 0;
  for (let i = 0; i < end; i += 1) {
    crc ^= bytes[i];
    for (let b = 0; b < 8; b += 1) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

/** @param {Uint8Array} bytes */
function toBase64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {unknown} code @returns {Uint8Array} */
function fromBase64url(code) {
  if (typeof code !== "string") throw malformed("a code is text");
  // what copy and paste adds: spaces, line breaks, padding, the other base64 alphabet
  const s = code.replace(/\s+/g, "").replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  if (!s || !/^[A-Za-z0-9_-]*$/.test(s) || s.length % 4 === 1) throw malformed("not a code");
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** Ice characters, 6 bits each. @param {number[]} out @param {string} s */
function putIce(out, s) {
  if (s.length > 255 || !/^[A-Za-z0-9+/]*$/.test(s)) throw new PeerError("unsupported", `ICE value ${s}`);
  out.push(s.length);
  let acc = 0;
  let bits = 0;
  for (const ch of s) {
    acc = (acc << 6) | ICE_CHARS.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
      acc &= (1 << bits) - 1;
    }
  }
  if (bits) out.push((acc << (8 - bits)) & 0xff);
}

/** @param {string} ip @returns {number[] | null} */
function parseIpv4(ip) {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  // only the canonical spelling, so that the address comes back the same
  return parts.every((n, i) => n <= 255 && String(n) === m[i + 1]) ? parts : null;
}

/** @param {string} ip @returns {number[] | null} 16 bytes */
function parseIpv6(ip) {
  if (!/^[0-9a-fA-F:.]+$/.test(ip) || ip.split("::").length > 2) return null;
  /** @param {string} part @returns {number[] | null} 16-bit groups */
  const groups = (part) => {
    if (!part) return [];
    const out = [];
    const pieces = part.split(":");
    for (let i = 0; i < pieces.length; i += 1) {
      const p = pieces[i];
      if (i === pieces.length - 1 && p.includes(".")) {
        const v4 = parseIpv4(p);
        if (!v4) return null;
        out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(p)) out.push(parseInt(p, 16));
      else return null;
    }
    return out;
  };
  const [head, tail] = ip.split("::");
  const a = groups(head);
  const b = tail === undefined ? [] : groups(tail);
  if (!a || !b) return null;
  const zeros = 8 - a.length - b.length;
  if (tail === undefined ? zeros !== 0 : zeros < 1) return null;
  const all = [...a, ...new Array(zeros).fill(0), ...b];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

/** RFC 5952's spelling (longest run of zero groups as "::"). @param {Uint8Array} b */
function formatIpv6(b) {
  const g = [];
  for (let i = 0; i < 16; i += 2) g.push((b[i] << 8) | b[i + 1]);
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && g[j] === 0) j += 1;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j > i ? j : i + 1;
  }
  const hex = g.map((x) => x.toString(16));
  if (best < 0) return hex.join(":");
  return `${hex.slice(0, best).join(":")}::${hex.slice(best + bestLen).join(":")}`;
}

/** @param {string} sdp @param {"offer" | "answer"} type @returns {Description} */
function parseSdp(sdp, type) {
  /** @param {RegExp} re */
  const line = (re) => re.exec(sdp)?.[1];
  const ufrag = line(/^a=ice-ufrag:(\S+)\s*$/m);
  const pwd = line(/^a=ice-pwd:(\S+)\s*$/m);
  const fp = line(/^a=fingerprint:sha-256 ([0-9A-Fa-f:]+)\s*$/m);
  const setup = line(/^a=setup:(\S+)\s*$/m) ?? "actpass";
  const mid = line(/^a=mid:(\S+)\s*$/m);
  if (!ufrag || !pwd || !fp) throw new PeerError("unsupported", "no ICE credentials or sha-256 fingerprint in the SDP");
  if (!/^m=application /m.test(sdp) || mid !== "0") throw new PeerError("unsupported", "not a single data section, mid 0");
  const fingerprint = Uint8Array.from(fp.split(":"), (h) => parseInt(h, 16));
  if (fingerprint.length !== 32) throw new PeerError("unsupported", "the fingerprint is not 32 bytes");
  const setupIndex = SETUPS.indexOf(/** @type {any} */ (setup));
  if (setupIndex < 0) throw new PeerError("unsupported", `setup ${setup}`);
  /** @type {Candidate[]} */
  const candidates = [];
  const seen = new Set();
  for (const m of sdp.matchAll(/^a=candidate:(.*?)\s*$/gm)) {
    const f = m[1].split(/\s+/);
    // foundation component transport priority address port "typ" type [name value]...
    if (f.length < 8 || f[1] !== "1" || f[6] !== "typ") continue;
    const protocol = f[2].toLowerCase();
    const port = Number(f[5]);
    const ctype = TYPES.indexOf(/** @type {any} */ (f[7]));
    let tcptype = "";
    for (let i = 8; i + 1 < f.length; i += 2) if (f[i] === "tcptype") tcptype = f[i + 1];
    if (protocol !== "udp" && protocol !== "tcp") continue;
    if (ctype < 0 || !Number.isInteger(port) || port < 0 || port > 65535) continue;
    // a tcp candidate without its tcptype cannot pair; udp has none
    if (protocol === "tcp" ? !TCPTYPES.includes(/** @type {any} */ (tcptype)) || !tcptype : tcptype) continue;
    const key = `${protocol} ${f[7]} ${tcptype} ${f[4]} ${port}`;
    if (seen.has(key) || candidates.length === 255) continue;
    seen.add(key);
    candidates.push({
      protocol: /** @type {"udp" | "tcp"} */ (protocol), type: TYPES[ctype],
      tcptype: /** @type {Candidate["tcptype"]} */ (tcptype), address: f[4], port,
    });
  }
  return { type, setup: SETUPS[setupIndex], ufrag, pwd, fingerprint, candidates };
}

/** @param {Description} d @returns {Uint8Array} */
function pack(d) {
  /** @type {number[]} */
  const out = [MARK | VERSION, (d.type === "answer" ? 1 : 0) | (SETUPS.indexOf(d.setup) << 1)];
  putIce(out, d.ufrag);
  putIce(out, d.pwd);
  out.push(...d.fingerprint);
  out.push(d.candidates.length);
  for (const c of d.candidates) {
    const head = (c.protocol === "tcp" ? 1 : 0) | (TYPES.indexOf(c.type) << 1) | (TCPTYPES.indexOf(c.tcptype) << 3);
    const v4 = parseIpv4(c.address);
    const v6 = v4 ? null : parseIpv6(c.address);
    const mdns = MDNS.exec(c.address);
    if (v4) out.push(head | (ADDR_IPV4 << 5), ...v4);
    else if (v6) out.push(head | (ADDR_IPV6 << 5), ...v6);
    else if (mdns) {
      const hex = mdns.slice(1).join("");
      out.push(head | (ADDR_MDNS << 5));
      for (let i = 0; i < 32; i += 2) out.push(parseInt(hex.slice(i, i + 2), 16));
    } else {
      const name = new TextEncoder().encode(c.address);
      if (name.length > 255) throw new PeerError("unsupported", `candidate address ${c.address}`);
      out.push(head | (ADDR_NAME << 5), name.length, ...name);
    }
    out.push(c.port >> 8, c.port & 0xff);
  }
  const bytes = new Uint8Array(out.length + 1);
  bytes.set(out);
  bytes[out.length] = crc8(bytes, out.length);
  return bytes;
}

/** Reads a code's bytes; running off the end is "malformed". */
class Reader {
  /** @param {Uint8Array} bytes @param {number} end */
  constructor(bytes, end) {
    this.bytes = bytes;
    this.end = end;
    this.at = 0;
  }

  /** @param {number} n */
  take(n) {
    if (this.at + n > this.end) throw malformed("the code is cut short");
    const out = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }

  byte() {
    return this.take(1)[0];
  }

  ice() {
    const n = this.byte();
    const raw = this.take(Math.ceil((n * 6) / 8));
    let s = "";
    let acc = 0;
    let bits = 0;
    for (const b of raw) {
      acc = (acc << 8) | b;
      bits += 8;
      while (bits >= 6 && s.length < n) {
        bits -= 6;
        s += ICE_CHARS[(acc >> bits) & 63];
      }
      acc &= (1 << bits) - 1;
    }
    if (acc !== 0) throw malformed("stray bits");
    return s;
  }
}

/** @param {unknown} code @returns {Description} */
function unpack(code) {
  const bytes = fromBase64url(code);
  if (bytes.length < 2 || crc8(bytes, bytes.length - 1) !== bytes[bytes.length - 1]) {
    throw malformed("the code is damaged or cut short");
  }
  // the check byte frames every version; the format inside is the version's
  if ((bytes[0] & 0xf0) !== MARK) throw malformed("not a Kortti code");
  if ((bytes[0] & 0x0f) !== VERSION) throw new PeerError("version", "a code from another version of Kortti");
  const r = new Reader(bytes, bytes.length - 1);
  r.byte();
  const flags = r.byte();
  const setup = SETUPS[(flags >> 1) & 3];
  if (flags >> 3 || !setup) throw malformed("unknown flags");
  const ufrag = r.ice();
  const pwd = r.ice();
  // RFC 8839: ufrag at least 4 characters, password at least 22
  if (ufrag.length < 4 || pwd.length < 22) throw malformed("ICE credentials too short");
  const fingerprint = Uint8Array.from(r.take(32));
  const count = r.byte();
  /** @type {Candidate[]} */
  const candidates = [];
  for (let i = 0; i < count; i += 1) {
    const head = r.byte();
    const protocol = head & 1 ? "tcp" : "udp";
    const tcptype = TCPTYPES[(head >> 3) & 3];
    const form = (head >> 5) & 3;
    if (head & 0x80 || (protocol === "tcp") !== Boolean(tcptype)) throw malformed("bad candidate");
    let address;
    if (form === ADDR_IPV4) address = [...r.take(4)].join(".");
    else if (form === ADDR_IPV6) address = formatIpv6(r.take(16));
    else if (form === ADDR_MDNS) {
      const hex = [...r.take(16)].map((b) => b.toString(16).padStart(2, "0")).join("");
      address = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
    } else {
      try {
        address = new TextDecoder("utf-8", { fatal: true }).decode(r.take(r.byte()));
      } catch (e) {
        if (e instanceof PeerError) throw e;
        throw malformed("bad candidate name");
      }
      if (!/^[^\s\x00-\x1f]+$/.test(address)) throw malformed("bad candidate name"); // one SDP token
    }
    const port = (r.byte() << 8) | r.byte();
    candidates.push({ protocol, type: TYPES[(head >> 1) & 3], tcptype, address, port });
  }
  if (r.at !== r.end) throw malformed("trailing bytes");
  return { type: flags & 1 ? "answer" : "offer", setup, ufrag, pwd, fingerprint, candidates };
}

/** A data-channel-only SDP the browser accepts. @param {Description} d */
function writeSdp(d) {
  const fp = [...d.fingerprint].map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":");
  const lines = [
    "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
  ];
  d.candidates.forEach((c, i) => {
    // RFC 8445 type preferences (tcp below udp, as browsers rank it); the order kept within
    const pref = { host: 126, prflx: 110, srflx: 100, relay: 0 }[c.type] - (c.protocol === "tcp" && c.type !== "relay" ? 36 : 0);
    const priority = pref * 2 ** 24 + (65535 - i) * 256 + 255;
    const tcp = c.tcptype ? ` tcptype ${c.tcptype}` : "";
    lines.push(`a=candidate:${i + 1} 1 ${c.protocol} ${priority} ${c.address} ${c.port} typ ${c.type}${tcp}`);
  });
  lines.push(
    "a=end-of-candidates", `a=ice-ufrag:${d.ufrag}`, `a=ice-pwd:${d.pwd}`, `a=fingerprint:sha-256 ${fp}`,
    `a=setup:${d.setup}`, "a=mid:0", `a=sctp-port:${SCTP_PORT}`, `a=max-message-size:${MAX_MESSAGE_SIZE}`,
  );
  return lines.join("\r\n") + "\r\n";
}

/**
 * A session description as a code (what `invite` and `answer` make; exported for tests).
 * @param {RTCSessionDescriptionInit} description
 * @returns {string}
 */
export function packDescription(description) {
  const type = description.type;
  if (type !== "offer" && type !== "answer") throw new PeerError("unsupported", `a ${type} description`);
  return toBase64url(pack(parseSdp(description.sdp ?? "", type)));
}

/**
 * A code back as a session description. Throws PeerError "malformed" (not a code, damaged,
 * cut short, or not the `expect`ed kind) or "version" (made by another version), never
 * anything else.
 * @param {unknown} code
 * @param {"offer" | "answer"} [expect]
 * @returns {RTCSessionDescriptionInit}
 */
export function unpackDescription(code, expect) {
  let d;
  try {
    d = unpack(code);
  } catch (e) {
    if (e instanceof PeerError) throw e;
    throw malformed(`not a code (${e})`); // atob and friends: still the code's fault
  }
  if (expect && d.type !== expect) {
    throw malformed(expect === "offer" ? "this is an answer code, not an invite" : "this is an invite code, not an answer");
  }
  return { type: d.type, sdp: writeSdp(d) };
}

// ---------------------------------------------------------------- the connection

/** Resolves when gathering is complete, or after `ms` (then the code has what came). */
function gathered(/** @type {RTCPeerConnection} */ pc, /** @type {number} */ ms) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve(undefined);
    const check = () => pc.iceGatheringState === "complete" && done();
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      pc.removeEventListener("icecandidate", check);
      resolve(undefined);
    };
    const timer = setTimeout(done, ms);
    pc.addEventListener("icegatheringstatechange", check);
    pc.addEventListener("icecandidate", check); // the null candidate comes with "complete"
  });
}

/** One side's peer connection, its channel, and the promise that it opens. */
function link(/** @type {PeerOptions} */ options) {
  if (typeof RTCPeerConnection !== "function") throw new PeerError("unsupported", "no WebRTC in this browser");
  const pc = new RTCPeerConnection({ iceServers: options.iceServers ?? [] });
  const dc = pc.createDataChannel(LABEL, CHANNEL_INIT);
  let timer = 0;
  let settled = false;
  let closed = false;
  /** @type {(dc: RTCDataChannel) => void} */
  let resolve = () => {};
  /** @type {(e: PeerError) => void} */
  let reject = () => {};
  /** @type {Promise<RTCDataChannel>} */
  const channel = new Promise((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  channel.catch(() => {}); // a page that never awaits a failed link gets no "uncaught" error

  /** @param {PeerError | null} error */
  const settle = (error) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    if (!error) return resolve(dc);
    reject(error);
    close();
  };
  const close = () => {
    settle(new PeerError("closed", "closed before the channel opened"));
    closed = true;
    dc.close();
    pc.close();
  };
  const noRoute = (/** @type {string} */ why) => settle(new PeerError("no-route", why));
  dc.addEventListener("open", () => settle(null));
  dc.addEventListener("close", () => noRoute("the channel closed before it opened"));
  const failed = () => {
    if (pc.iceConnectionState === "failed" || pc.connectionState === "failed") noRoute("no network path between the two");
  };
  pc.addEventListener("iceconnectionstatechange", failed);
  pc.addEventListener("connectionstatechange", failed);
  return {
    pc,
    channel,
    close,
    isClosed: () => closed,
    /** The clock starts once the other side can answer: then `timeout` ms to open. */
    arm() {
      if (settled) return;
      const ms = options.timeout ?? 20000;
      timer = setTimeout(() => noRoute(`no open channel within ${ms} ms`), ms);
    },
  };
}

/**
 * Host: makes the invite code; `accept` takes the guest's answer code.
 * @param {PeerOptions} [options]
 * @returns {Promise<Invite>}
 */
export async function invite(options = {}) {
  const side = link(options);
  let code;
  try {
    await side.pc.setLocalDescription(await side.pc.createOffer());
    await gathered(side.pc, options.gatherTimeout ?? 5000);
    code = packDescription(/** @type {RTCSessionDescription} */ (side.pc.localDescription));
  } catch (e) {
    side.close();
    throw e;
  }
  let used = false;
  return {
    code,
    channel: side.channel,
    close: side.close,
    async accept(answerCode) {
      if (used || side.isClosed()) throw new PeerError("used", "this invite has been answered or closed");
      const remote = unpackDescription(answerCode, "answer"); // a wrong code leaves the invite usable
      used = true;
      try {
        await side.pc.setRemoteDescription(remote);
      } catch (e) {
        if (side.isClosed()) throw new PeerError("used", "this invite was closed");
        used = false; // nothing was applied: another code may still be tried
        throw malformed(`the browser refused the answer (${e})`);
      }
      side.arm();
    },
  };
}

/**
 * Guest: from the host's invite code, makes the answer code to send back.
 * Throws PeerError "malformed" or "version" for a bad code (before any connection is made).
 * @param {string} code
 * @param {PeerOptions} [options]
 * @returns {Promise<Answer>}
 */
export async function answer(code, options = {}) {
  const remote = unpackDescription(code, "offer");
  const side = link(options);
  try {
    await side.pc.setRemoteDescription(remote);
  } catch (e) {
    side.close();
    throw malformed(`the browser refused the invite (${e})`);
  }
  let mine;
  try {
    await side.pc.setLocalDescription(await side.pc.createAnswer());
    await gathered(side.pc, options.gatherTimeout ?? 5000);
    mine = packDescription(/** @type {RTCSessionDescription} */ (side.pc.localDescription));
  } catch (e) {
    side.close();
    throw e;
  }
  side.arm();
  return { code: mine, channel: side.channel, close: side.close };
}
