// embed/test.html: try a hand record in the real embed frame and copy its embed code.
import { encodeRecord } from "./lesson-codec.js";
import { embedCode, guessHeight } from "./embed-size.js";

const SAMPLE = {
  game: "katko", players: 4, names: ["Anna", "Ben", "Carla", "Dan"],
  deals: [{
    dealer: 3,
    hands: [["9S", "3H", "5D", "8C", "6C"], ["KS", "2S", "7H", "4D", "JC"],
      ["AH", "TH", "9D", "QD", "3C"], ["4S", "5H", "6D", "KC", "2D"]],
    actions: ["0 play 9S", "1 play KS", "2 play AH", "3 play 4S"],
  }],
};
const $ = (id) => document.getElementById(id);
$("record").value = JSON.stringify(SAMPLE, null, 1);

let tries = 0;

async function make(event) {
  event?.preventDefault();
  $("try-error").textContent = "";
  let record;
  try { record = JSON.parse($("record").value); } catch (e) {
    $("try-error").textContent = `That is not valid JSON yet: ${e.message}`;
    return;
  }
  const hash = new URLSearchParams({ lang: $("lang").value });
  if ($("turn").value.trim()) hash.set("turn", $("turn").value.trim());
  if ($("title").value.trim()) hash.set("title", $("title").value.trim());
  const url = new URL(`example.html#${hash}&r=${await encodeRecord(record)}`, location.href).href;
  const title = "Card game example";
  const players = Number.isInteger(record.players) ? record.players : 4;
  $("code").value = embedCode(url, title, guessHeight(record.game, players));
  $("code").dataset.height = "guessed";
  $("open").href = url;
  $("preview").innerHTML = $("code").value;
  // Once the preview has its steps (Python made them), measure its tallest step: that is
  // the height the code gives the frame.
  const mine = ++tries;
  const frame = $("preview").querySelector("iframe");
  const end = performance.now() + 180_000;
  while (mine === tries && performance.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const api = frame.contentWindow && frame.contentWindow.korttiEmbed;
    const state = api && api.state();
    if (state === "error" || state === "offline") return;
    if (state !== "live") continue;
    const height = await api.tallest();
    if (!height || mine !== tries) return;
    $("code").value = embedCode(url, title, height);
    $("code").dataset.height = "measured";
    frame.height = String(height);
    return;
  }
}

$("try").addEventListener("submit", make);
$("copy").addEventListener("click", async () => {
  try { await navigator.clipboard.writeText($("code").value); $("copied").textContent = "Copied."; }
  catch { $("code").select(); $("copied").textContent = "Selected: press Ctrl+C to copy."; }
});
make();
