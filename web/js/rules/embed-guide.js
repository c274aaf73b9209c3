// embed/authors.html (docs/authors.md on the site): fill this site's address into the code
// samples, where the guide writes https://KORTTI-SITE. An embed's address needs the site's
// root (the folder above embed/); the height listener compares the frame's origin.
import { apply as applySettings } from "../settings.js";

applySettings(); // the reader's theme, as on the rules pages
const root = new URL("..", location.href).href.replace(/\/$/, "");
for (const el of document.querySelectorAll(".kortti-site")) el.textContent = root;
for (const el of document.querySelectorAll(".kortti-origin")) el.textContent = location.origin;
for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".kortti-filled"))) el.hidden = false;
