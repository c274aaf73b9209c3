// The rules pages' language links (a[hreflang]: plain links, they work without script).
// This only remembers the choice, under the lobby's key (js/i18n.js), so the lobby and
// later visits agree, and carries the reader's place (#anchor) to the other page. On
// rules/index.html (html[data-pick-lang]) it goes on to the reader's language at once.
const STORE = "kortti-lang";
const links = [...document.querySelectorAll("a[hreflang]")];
// this page's section anchors → the other language's (examples keep their ids)
const anchors = JSON.parse(document.getElementById("lang-anchors")?.textContent ?? "{}");

function saved() {
  try { return localStorage.getItem(STORE); } catch { return null; } // storage may be off
}

// the same choice as the lobby's: remembered, else the browser's, else English
function pick(known) {
  const mine = saved();
  if (mine && known.includes(mine)) return mine;
  for (const tag of navigator.languages?.length ? navigator.languages : [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (known.includes(base)) return base;
  }
  return known.includes("en") ? "en" : known[0];
}

// the links go to the same place on the other page (anchors are plain ASCII slugs)
function follow() {
  const id = location.hash.slice(1);
  for (const a of links) a.hash = (id && (anchors[a.hreflang]?.[id] ?? id)) || ""; // "": no such place there
}

follow();
window.addEventListener("hashchange", follow);
document.addEventListener("click", (e) => {
  const a = e.target.closest?.("a[hreflang]");
  if (!a) return;
  follow();
  try { localStorage.setItem(STORE, a.hreflang); } catch { /* not remembered: the link still goes */ }
});

if (document.documentElement.hasAttribute("data-pick-lang")) {
  const known = links.map((a) => a.hreflang);
  const to = links[known.indexOf(pick(known))];
  if (to) location.replace(to.href); // replace: Back then skips this page
}
