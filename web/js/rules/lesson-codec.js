// Hand records in URLs: "z" + base64url(raw deflate of the JSON), or "j" + base64url(JSON)
// when that is shorter (web/gen/rules.py encodes the same way at build time).

function toBase64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new CodecError("broken");
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  let bin;
  try { bin = atob(padded); } catch { throw new CodecError("truncated"); }
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function through(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

export class CodecError extends Error {
  constructor(kind) { super(kind); this.kind = kind; }
}

export async function encodeRecord(record) {
  const data = new TextEncoder().encode(JSON.stringify(record));
  const j = "j" + toBase64url(data);
  if (typeof CompressionStream === "undefined") return j;
  const z = "z" + toBase64url(await through(data, new CompressionStream("deflate-raw")));
  return z.length < j.length ? z : j;
}

/** The record in a payload; CodecError("truncated" | "broken" | "not_json") otherwise. */
export async function decodeRecord(payload) {
  if (!payload) throw new CodecError("missing");
  const kind = payload[0];
  if (kind !== "z" && kind !== "j") throw new CodecError("broken");
  let bytes = fromBase64url(payload.slice(1));
  if (kind === "z") {
    try { bytes = await through(bytes, new DecompressionStream("deflate-raw")); }
    catch { throw new CodecError("truncated"); }
  }
  let text;
  try { text = new TextDecoder("utf-8", { fatal: true }).decode(bytes); } catch { throw new CodecError("broken"); }
  try { return JSON.parse(text); }
  catch { throw new CodecError(kind === "j" && /^\s*\{/.test(text) ? "truncated" : "not_json"); }
}
