// embed/test.html: try a hand record in the real embed frame and copy its embed code.
import { encodeRecord } from "./lesson-codec.js";

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
  const height = 190 + (record.players || 4) * (record.game === "call-kitti" ? 92 : 74);
  const code = `<iframe src="${url.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}" title="Card game example" width="100%" height="${Math.min(900, height)}" style="border:0;max-width:760px" loading="lazy"></iframe>`;
  $("code").value = code;
  $("open").href = url;
  $("preview").innerHTML = code;
}

$("try").addEventListener("submit", make);
$("copy").addEventListener("click", async () => {
  try { await navigator.clipboard.writeText($("code").value); $("copied").textContent = "Copied."; }
  catch { $("code").select(); $("copied").textContent = "Selected: press Ctrl+C to copy."; }
});
make();
