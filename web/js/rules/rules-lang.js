// The rules pages' language links (a[hreflang]: plain links, they work without script).
// This only remembers the choice, as the lobby does (js/lang-choice.js), so the lobby and
// later visits agree, and carries the reader's place (#anchor) to the other page. On
// rules/index.html (html[data-pick-lang]) it goes on to the reader's language at once.
import { pickLanguage, rememberLanguage } from "../lang-choice.js";
import { apply as applySettings } from "../settings.js";

applySettings(); // the reader's theme (light, dark, high contrast) on the rules pages too

const links = [.../** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll("a[hreflang]"))];
// this page's section anchors → the other language's (examples keep their ids)
const anchors = JSON.parse(document.getElementById("lang-anchors")?.textContent ?? "{}");

// the links go to the same place on the other page (anchors are plain ASCII slugs)
function follow() {
  const id = location.hash.slice(1);
  for (const a of links) a.hash = (id && (anchors[a.hreflang]?.[id] ?? id)) || ""; // "": no such place there
}

follow();
window.addEventListener("hashchange", follow);
document.addEventListener("click", (e) => {
  const a = /** @type {HTMLAnchorElement | null} */ (/** @type {HTMLElement} */ (e.target).closest?.("a[hreflang]"));
  if (!a) return;
  follow();
  rememberLanguage(a.hreflang);
});

if (document.documentElement.hasAttribute("data-pick-lang")) {
  const known = links.map((a) => a.hreflang);
  const to = links[known.indexOf(pickLanguage(known))];
  if (to) location.replace(to.href); // replace: Back then skips this page
}
