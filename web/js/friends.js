// A friends table's pages: the host's invite dialog (a link per seat, the friend's answer
// pasted back or arriving from another tab of this device), the friend's join page, and
// the page an answer link opens on the host's device. The same-network way: the two pages
// exchange one link each, and no third party sees anything (net/peer.js).
import { t, el, lang } from "./i18n.js";
import { table } from "./table.js";
import { useRemote } from "./engine.js";
import * as store from "./store.js";

const ANSWERS = "kortti-friends-answers"; // BroadcastChannel: an answer opened in another tab
const TOKEN_KEY = "kortti.friends.token"; // the seat token the host gave this device
const $ = (id) => document.getElementById(id);

let host = null; // {host, invites: Map<seat, invite>, channel} while this page hosts
let peerModule = null;
const peer = () => (peerModule ??= import("./net/peer.js"));
const QR_LIB = "../vendor/qr-0.7.0/"; // (build.py vendors it; loaded only for a friends table)

// ------------------------------------------------------------------ QR codes

/** A link as a QR code: an image to show the other device's camera. */
export async function qrImage(text, label) {
  const { encodeQR } = await import(`${QR_LIB}index.js`);
  const svg = encodeQR(text, "svg", { ecc: "low", border: 2 });
  return el("img", { class: "qr", alt: label, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
}

/** The text of a QR code in an image (a canvas, a video frame): the browser's own
 * BarcodeDetector where it has one, the library's decoder otherwise; "" if none is seen. */
export async function readQR(source) {
  const Detector = globalThis.BarcodeDetector ?? (await import(`${QR_LIB}decode.js`)).BarcodeDetector;
  try {
    const found = await new Detector({ formats: ["qr_code"] }).detect(source);
    return found[0]?.rawValue ?? "";
  } catch {
    return "";
  }
}

/** The host's camera, looking for the friend's answer for ``seat``: ``done(text)`` once seen. */
async function scan(box, seat, done) {
  const video = el("video", { class: "qr-camera", playsinline: "", muted: "", "aria-label": t("web.friends.scan.camera") });
  const stop = el("button", { type: "button", class: "qr-stop", text: t("web.friends.scan.stop") });
  const said = el("p", { role: "status", class: "qr-said", text: t("web.friends.scan.looking") });
  box.replaceChildren(video, stop, said);
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  } catch {
    said.textContent = t("web.friends.scan.none");
    stop.remove();
    return;
  }
  let running = true;
  const end = () => { running = false; stream.getTracks().forEach((track) => track.stop()); box.replaceChildren(); };
  stop.onclick = end;
  video.srcObject = stream;
  await video.play().catch(() => {});
  const canvas = document.createElement("canvas");
  while (running && box.isConnected) {
    if (video.videoWidth) {
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext("2d", { willReadFrequently: true }).drawImage(video, 0, 0);
      const text = await readQR(canvas);
      const got = readLink(text, "answer");
      if (got && got.seat === seat) {
        end();
        return done(text);
      }
      if (text) said.textContent = t("web.friends.scan.other");
    }
    await new Promise((go) => setTimeout(go, 250)); // a few looks a second: the page stays free
  }
  if (running) end();
}

/** Where a link (or a bare code) points: ``{seat, code}`` or null. */
export function readLink(text, route) {
  const m = new RegExp(`(?:#/${route}/)?(\\d{1,2})\\.([A-Za-z0-9_-]{8,4000})\\s*$`).exec(String(text || "").trim());
  return m ? { seat: Number(m[1]), code: m[2] } : null;
}

function linkTo(route, seat, code) {
  return `${location.origin}${location.pathname}#/${route}/${seat}.${code}`;
}

/** Why a connection could not be made, in words (peer.js's ``reason``). */
function reasonText(e) {
  const reason = e?.reason || "failed";
  return t(`web.friends.fail.${reason}`) === `web.friends.fail.${reason}` ? t("web.friends.fail.failed") : t(`web.friends.fail.${reason}`);
}

async function copy(text, said) {
  try {
    await navigator.clipboard.writeText(text);
    said.textContent = t("web.friends.copied");
  } catch {
    said.textContent = t("web.friends.copy.select");
  }
}

// ------------------------------------------------------------------ the host

/** The host's page starts hosting (once per table: the room, then its match). */
async function hosting(hostName) {
  if (host) return host;
  const { createHost } = await import("./net/host.js");
  const h = createHost(table, { hostName, inRoom: () => Boolean(host?.room), onChange: () => drawSeats() });
  const answers = "BroadcastChannel" in globalThis ? new BroadcastChannel(ANSWERS) : null;
  host = { host: h, invites: new Map(), answers, status: new Map(), room: null };
  if (answers) {
    answers.onmessage = (event) => {
      const got = readLink(event.data?.answer, "answer");
      if (!got || !host?.invites.get(got.seat)?.accept) return;
      answers.postMessage({ taken: event.data.answer });
      accept(got.seat, got.code);
    };
  }
  return host;
}

/** The table is left: every friend's channel closes and the invites with them. */
export function stopHosting() {
  if (!host) return;
  host.host.close();
  for (const inv of host.invites.values()) inv.close?.();
  host.answers?.close();
  host = null;
}

/** A friends table's room: who sits where, an invite per seat, and "Deal" once every
 * friend who came is ready. ``deal({names, langs})`` starts the match with them. */
export async function openRoom(section, config, { deal, back }) {
  stopHosting();
  await hosting(config.name || t("web.lobby.name.default"));
  host.room = { config, deal };
  const go = el("button", { type: "button", id: "room-deal", class: "primary", onclick: () => {
    const joined = host.host.friends;
    if (joined.some((f) => !f.ready)) return;
    const names = Object.fromEntries(joined.map((f) => [f.seat, f.name]));
    const langs = Object.fromEntries(joined.map((f) => [f.seat, f.lang]));
    host.room = null;
    const seconds = Number(turn?.value || 0);
    section.replaceChildren(); // (the table's invite dialog draws the same list: one of it at a time)
    deal({ names, langs, seconds });
  } });
  // a turn timer for every person at the table (Katte has its own, K-13, among its options)
  const turn = config.game === "katte" ? null : el("select", { id: "room-timer" },
    ...[0, 20, 45, 90].map((n) => el("option", { value: String(n), text: n ? t("web.friends.timer.seconds", { s: n }) : t("web.friends.timer.off") })));
  section.replaceChildren(
    el("h1", { id: "friends-title", text: t("web.friends.room.title", { game: t(`game.${config.game}`) }) }),
    el("p", { class: "invite-how", text: t("web.friends.invite.how") }),
    el("ul", { id: "invite-seats", class: "invite-seats" }),
    turn ? el("p", { class: "field" }, el("label", { for: "room-timer", text: t("web.friends.timer") }), " ", turn,
      el("small", { class: "help", text: t("web.friends.timer.help") })) : null,
    el("p", { id: "room-status", role: "status" }),
    el("div", { class: "dialog-actions" },
      el("button", { type: "button", id: "room-back", onclick: back, text: t("web.friends.room.back") }), go));
  drawSeats();
  section.querySelector("h1").focus?.();
}

/** The menu's "Invite friends", at the table: the same list, in a dialog. */
export async function openInvite(hostName) {
  await hosting(hostName);
  $("invite-dialog")?.remove();
  const d = el("dialog", { id: "invite-dialog", class: "panel invite", "aria-labelledby": "invite-title" },
    el("h2", { id: "invite-title", text: t("web.friends.invite.title") }),
    el("p", { class: "invite-how", text: t("web.friends.invite.how") }),
    el("ul", { id: "invite-seats", class: "invite-seats" }),
    el("form", { method: "dialog", class: "dialog-actions" },
      el("button", { type: "submit", id: "invite-close", text: t("web.dialog.close") })));
  d.addEventListener("close", () => d.remove());
  document.body.append(d);
  drawSeats();
  d.showModal();
}

/** Every seat but the host's: who has it (a computer player, a friend: playing, from the
 * next deal, away) and what the host can do (invite, remove). */
function seatRows() {
  const joined = new Map(host.host.friends.map((f) => [f.seat, f]));
  if (host.room) {
    const { players, seat } = host.room.config;
    return Array.from({ length: players }, (_, s) => s).filter((s) => s !== seat).map((s) => {
      const f = joined.get(s);
      return { seat: s, connected: Boolean(f), friend: f,
        who: f ? t(f.ready ? "web.friends.seat.ready" : "web.friends.seat.joined", { name: f.name }) : t("web.friends.seat.open") };
    });
  }
  const m = table.model;
  if (!m) return [];
  const friends = new Map((m.friends || []).map((f) => [f.seat, f]));
  return m.seats.filter((s) => s.seat !== m.seat).map((s) => {
    const f = friends.get(s.seat);
    const connected = joined.has(s.seat);
    const who = f ? t(connected ? (f.seated ? "web.friends.seat.playing" : "web.friends.seat.next") : "web.friends.seat.away", { name: f.name })
      : t("web.friends.seat.bot", { name: s.name });
    return { seat: s.seat, connected, friend: f, who };
  });
}

function drawSeats() {
  const list = $("invite-seats");
  if (!list || !host) return;
  const rows = seatRows();
  list.replaceChildren(...rows.map(({ seat, connected, friend, who }) => {
    const inv = host.invites.get(seat);
    const status = host.status.get(seat) || "";
    const parts = [el("p", { class: "invite-who" }, el("strong", { text: t("web.friends.seat", { n: seat + 1 }) }), " ", who)];
    if (connected) {
      parts.push(el("button", { type: "button", class: "invite-remove", "data-seat": String(seat),
        onclick: () => host.host.remove(seat), text: t("web.friends.remove", { name: friend?.name || "" }) }));
    } else if (!inv) {
      parts.push(el("button", { type: "button", class: "invite-make", "data-seat": String(seat),
        onclick: () => makeInvite(seat), text: t(friend ? "web.friends.invite.again" : "web.friends.invite.seat") }));
    } else if (inv.link) {
      const said = el("span", { role: "status", class: "invite-said" });
      const field = el("input", { type: "text", readonly: true, value: inv.link, class: "invite-link",
        id: `invite-link-${seat}`, "aria-label": t("web.friends.invite.link") });
      const answer = el("input", { type: "text", class: "invite-answer", id: `invite-answer-${seat}`,
        autocomplete: "off", spellcheck: "false" });
      const camera = el("div", { class: "qr-box" });
      const shown = el("div", { class: "qr-box" });
      qrImage(inv.link, t("web.friends.invite.qr", { n: seat + 1 })).then((img) => shown.replaceChildren(img), () => {});
      parts.push(
        el("label", { for: field.id, text: t("web.friends.invite.link") }), field,
        el("button", { type: "button", onclick: () => { field.select(); copy(inv.link, said); }, text: t("web.friends.copy") }), said,
        shown,
        el("button", { type: "button", class: "invite-scan", onclick: () => scan(camera, seat, (text) => {
          answer.value = text;
          accept(seat, readLink(text, "answer").code);
        }), text: t("web.friends.scan") }), camera,
        el("label", { for: answer.id, text: t("web.friends.answer.paste") }), answer,
        el("button", { type: "button", class: "invite-connect", "data-seat": String(seat), onclick: () => {
          const got = readLink(answer.value, "answer");
          if (!got || got.seat !== seat) { host.status.set(seat, t("web.friends.fail.malformed")); drawSeats(); return; }
          accept(seat, got.code);
        }, text: t("web.friends.connect") }));
    }
    if (status) parts.push(el("p", { class: "invite-status", role: "status", text: status }));
    return el("li", { class: "invite-seat", "data-seat": String(seat), "data-connected": connected ? "1" : "" }, ...parts);
  }));
  const go = $("room-deal");
  if (go && host.room) {
    const waiting = host.host.friends.filter((f) => !f.ready).map((f) => f.name);
    go.disabled = waiting.length > 0;
    go.textContent = t("web.friends.room.deal");
    $("room-status").textContent = waiting.length ? t("web.friends.room.waiting", { names: waiting.join(", ") }) : "";
  }
}

async function makeInvite(seat) {
  host.status.set(seat, t("web.friends.invite.making"));
  host.invites.set(seat, { close() {} });
  drawSeats();
  try {
    const { invite } = await peer();
    const inv = await invite({ iceServers: [] });
    if (!host) return inv.close();
    inv.link = linkTo("join", seat, inv.code);
    host.invites.set(seat, inv);
    host.status.set(seat, t("web.friends.invite.waiting"));
    inv.channel.then((channel) => {
      if (!host) return;
      host.invites.delete(seat);
      host.status.set(seat, "");
      host.host.attach(seat, channel);
      drawSeats();
    }, (e) => {
      if (!host) return;
      host.invites.delete(seat);
      host.status.set(seat, reasonText(e));
      drawSeats();
    });
  } catch (e) {
    host?.invites.delete(seat);
    host?.status.set(seat, reasonText(e));
  }
  drawSeats();
}

async function accept(seat, code) {
  const inv = host?.invites.get(seat);
  if (!inv?.accept) return;
  host.status.set(seat, t("web.friends.connecting"));
  drawSeats();
  try {
    await inv.accept(code);
  } catch (e) {
    host.status.set(seat, reasonText(e));
    drawSeats();
  }
}

// ------------------------------------------------------------------ an answer on the host's device

/** ``#/answer/…`` opened on the host's device: sent to the tab that hosts. */
export function answerPage(section, text) {
  const title = el("h1", { id: "friends-title", text: t("web.friends.answer.title") });
  const said = el("p", { role: "status", text: t("web.friends.answer.sending") });
  section.replaceChildren(title, said);
  if (!readLink(text, "answer") || !("BroadcastChannel" in globalThis)) {
    said.textContent = t("web.friends.fail.malformed");
    return;
  }
  const channel = new BroadcastChannel(ANSWERS);
  const timer = setTimeout(() => { said.textContent = t("web.friends.answer.nobody"); channel.close(); }, 1500);
  channel.onmessage = (event) => {
    if (event.data?.taken !== text) return;
    clearTimeout(timer);
    said.textContent = t("web.friends.answer.sent");
    channel.close();
  };
  channel.postMessage({ answer: text });
}

// ------------------------------------------------------------------ a friend

function savedToken() {
  try {
    return localStorage.getItem(TOKEN_KEY) || "";
  } catch {
    return "";
  }
}

/** ``#/join/<seat>.<code>``: the friend's page. ``show(reply)`` puts the table on screen;
 * ``done()`` goes back to the lobby. */
export function joinPage(section, text, { show, done }) {
  const link = readLink(text, "join");
  const title = el("h1", { id: "friends-title", text: t("web.friends.join.title") });
  if (!link) {
    section.replaceChildren(title, el("p", { role: "alert", text: t("web.friends.fail.malformed") }));
    return;
  }
  const name = el("input", { id: "join-name", type: "text", maxlength: "24", autocomplete: "nickname",
    value: store.loadChoices().name || "" });
  const said = el("p", { id: "join-status", role: "status" });
  const go = el("button", { type: "submit", id: "join-go", class: "primary", text: t("web.friends.join.go") });
  const box = el("div", { id: "join-answer", hidden: true });
  const form = el("form", { class: "join-form", onsubmit: (e) => { e.preventDefault(); start(); } },
    el("label", { for: "join-name", text: t("web.lobby.name") }), name, go);
  section.replaceChildren(title, el("p", { text: t("web.friends.join.text", { n: link.seat + 1 }) }), form, box, said);
  name.focus();

  async function start() {
    go.disabled = true;
    said.textContent = t("web.friends.join.making");
    let answer;
    try {
      // (the answer goes back by hand: a person has minutes to carry it, not seconds)
      answer = await (await peer()).answer(link.code, { iceServers: [], timeout: 10 * 60 * 1000 });
    } catch (e) {
      said.textContent = reasonText(e);
      go.disabled = false;
      return;
    }
    const back = linkTo("answer", link.seat, answer.code);
    const field = el("input", { type: "text", readonly: true, value: back, id: "join-answer-link", "aria-label": t("web.friends.answer.link") });
    const copied = el("span", { role: "status" });
    const shown = el("div", { class: "qr-box" });
    box.replaceChildren(el("p", { text: t("web.friends.answer.how") }),
      el("label", { for: field.id, text: t("web.friends.answer.link") }), field,
      el("button", { type: "button", onclick: () => { field.select(); copy(back, copied); }, text: t("web.friends.copy") }), copied,
      shown);
    qrImage(back, t("web.friends.answer.qr")).then((img) => shown.replaceChildren(img), () => {});
    box.hidden = false;
    said.textContent = t("web.friends.join.waiting");
    let channel;
    try {
      channel = await answer.channel;
    } catch (e) {
      said.textContent = reasonText(e);
      go.disabled = false;
      return;
    }
    connected(channel, name.value.trim());
  }

  async function connected(channel, who) {
    const { createGuest } = await import("./net/guest.js");
    let opened = false;
    const guest = createGuest(channel, {
      name: who, lang, token: savedToken(), text: t,
      onWelcome(w) {
        try { localStorage.setItem(TOKEN_KEY, w.token); } catch { /* private mode: the host gives a new one */ }
        box.hidden = true;
        form.hidden = true;
        said.textContent = t("web.friends.join.connected", { host: w.host });
        const ready = el("button", { type: "button", id: "join-ready", class: "primary", text: t("web.friends.join.ready"),
          onclick: () => { guest.ready(); ready.disabled = true; said.textContent = t("web.friends.join.readied", { host: w.host }); } });
        section.append(ready);
        ready.focus();
      },
      onReply(reply) {
        if (reply.waiting) {
          if (!opened) {
            section.replaceChildren(el("h1", { id: "friends-title", text: reply.waiting.title }),
              el("p", { id: "join-status", role: "status", text: reply.waiting.text }));
          }
          return;
        }
        if (!reply.model) return;
        if (!opened) {
          opened = true;
          show(reply, { leave: () => { guest.leave(); useRemote(null); done(); } });
        } else table.push(reply);
      },
      onClosed(why) {
        useRemote(null);
        const words = t(`web.friends.closed.${why}`) === `web.friends.closed.${why}` ? t("web.friends.closed.lost") : t(`web.friends.closed.${why}`);
        if (opened) {
          opened = false;
          table.close();
        }
        section.hidden = false;
        section.replaceChildren(el("h1", { id: "friends-title", text: t("web.friends.closed.title") }),
          el("p", { id: "join-status", role: "alert", text: words }),
          el("p", {}, el("a", { href: "#/", text: t("web.friends.back") })));
      },
    });
    useRemote(guest);
  }
}
