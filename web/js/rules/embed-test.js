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
/** An element of the page by its id (of many kinds: typed loosely) @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
$("record").value = JSON.stringify(SAMPLE, null, 1);

let tries = 0;

/**
 * The "your turn" fields as the embed address's turn=D.A. The fields count deals and moves
 * from 1, as the messages about a record do ("deal 1, move 2: …"); the address counts from
 * 0 (docs/authors.md). {} for no question; {error} for fields that name no move.
 */
function turnParam(move, deal) {
  move = String(move).trim();
  deal = String(deal).trim() || "1";
  if (!move) return {};
  const m = Number(move);
  const d = Number(deal);
  if (!Number.isInteger(m) || m < 1 || !Number.isInteger(d) || d < 1) {
    return { error: `“Your turn” needs whole numbers from 1: move ${move} of deal ${deal} is not a move.` };
  }
  return { turn: `${d - 1}.${m - 1}` };
}

async function make(event) {
  event?.preventDefault();
  $("try-error").textContent = "";
  let record;
  try { record = JSON.parse($("record").value); } catch (e) {
    $("try-error").textContent = `That is not valid JSON yet: ${e.message}`;
    return;
  }
  // a number field that does not hold a number reads as "": say so, never ignore it
  const moveField = $("turn").validity.badInput ? "?" : $("turn").value;
  const dealField = $("turn-deal").validity.badInput ? "?" : $("turn-deal").value;
  const turn = turnParam(moveField, dealField);
  if (turn.error) {
    $("try-error").textContent = turn.error;
    return;
  }
  const hash = new URLSearchParams({ lang: $("lang").value });
  if (turn.turn) hash.set("turn", turn.turn);
  if ($("title").value.trim()) hash.set("title", $("title").value.trim());
  // a later "Try it" wins: an earlier one still encoding its record gives way
  const mine = ++tries;
  const url = new URL(`example.html#${hash}&r=${await encodeRecord(record)}`, location.href).href;
  if (mine !== tries) return;
  const title = "Card game example";
  const players = Number.isInteger(record.players) ? record.players : 4;
  $("code").value = embedCode(url, title, guessHeight(record.game, players));
  $("code").dataset.height = "guessed";
  $("open").href = url;
  $("preview").innerHTML = $("code").value;
  // Once the preview has its steps (Python made them), measure its tallest step: that is
  // the height the code gives the frame.
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
