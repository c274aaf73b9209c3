// Sounds made by code with the Web Audio API (no recorded files): a card played, a trick
// taken, your turn, the deal over. Only when the reader turned sound on, at their volume.
// Browsers let a page make sound only after a gesture, so the AudioContext is made on the
// first tap or key press (or on turning sound on, itself a gesture), never before.
import * as settings from "../settings.js";

let ctx = null;
let noise = null; // one second of white noise, made once: the snap of a card
const played = { total: 0 }; // for tests: sounds actually started, by kind

function context() {
  if (!ctx) {
    const Ctx = window.AudioContext ?? window.webkitAudioContext;
    if (!Ctx) return null;
    ctx = new Ctx();
  }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

for (const type of ["pointerdown", "keydown"]) {
  addEventListener(type, () => { if (settings.get().sound) context(); }, { capture: true, passive: true });
}
settings.onChange((key, value, all) => {
  if ((key === "sound" && value) || (key === "volume" && all.sound)) {
    context();
    play("turn"); // a sample at the new volume
  }
});

function envelope(at, peak, length) {
  const g = ctx.createGain();
  g.gain.setValueAtTime(0.0001, at);
  g.gain.exponentialRampToValueAtTime(peak, at + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, at + length);
  g.connect(ctx.destination);
  return g;
}

function tone(freq, at, length, peak, type = "sine", to = null) {
  const o = ctx.createOscillator();
  o.type = type;
  o.frequency.setValueAtTime(freq, at);
  if (to) o.frequency.exponentialRampToValueAtTime(to, at + length);
  o.connect(envelope(at, peak, length));
  o.start(at);
  o.stop(at + length + 0.02);
}

function snap(at, length, peak, freq) {
  if (!noise) {
    noise = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
    const data = noise.getChannelData(0);
    for (let i = 0; i < data.length; i += 1) data[i] = Math.random() * 2 - 1;
  }
  const src = ctx.createBufferSource();
  src.buffer = noise;
  const band = ctx.createBiquadFilter();
  band.type = "bandpass";
  band.frequency.value = freq;
  band.Q.value = 1.2;
  src.connect(band);
  band.connect(envelope(at, peak, length));
  src.start(at);
  src.stop(at + length + 0.02);
}

const SOUNDS = {
  card: (at, v) => snap(at, 0.07, v, 2400),
  trick: (at, v) => { snap(at, 0.09, v * 0.8, 1500); snap(at + 0.08, 0.12, v * 0.6, 900); },
  turn: (at, v) => { tone(660, at, 0.14, v * 0.5); tone(880, at + 0.12, 0.2, v * 0.5); },
  over: (at, v) => [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => tone(f, at + i * 0.11, 0.3, v * 0.45, "triangle")),
};

/** Make the sound of ``kind`` (card, trick, turn, over), if sound is on. */
export function play(kind) {
  const s = settings.get();
  if (!s.sound || !s.volume || !SOUNDS[kind] || !ctx) return;
  try {
    SOUNDS[kind](ctx.currentTime + 0.01, 0.4 * (Number(s.volume) / 100) ** 2); // loudness grows like the ear hears
  } catch (e) {
    console.warn("kortti: a sound failed:", e);
    return;
  }
  played.total += 1;
  played[kind] = (played[kind] ?? 0) + 1;
}

/** How many sounds were made, in all and by kind (tests). */
export function counts() {
  return { ...played };
}
