// Card movement with CSS transitions: a played card slides in from its player, a won
// trick slides off to its winner. Nothing moves when the reader asks for less motion (the
// setting, else the system's), nor at the instant pace, where there is no time to watch.
import { get, reducedMotion } from "../settings.js";

const still = () => reducedMotion() || get().pace === "instant";

function offset(node, from) {
  const to = node.getBoundingClientRect();
  return [from.left + from.width / 2 - (to.left + to.width / 2), from.top + from.height / 2 - (to.top + to.height / 2)];
}

/** Slide ``node`` in from the box ``from``; resolves once it has landed (at once when
 * nothing moves), so what follows (who took the trick) is said over cards at rest. */
export function animateEnter(node, from) {
  if (still() || !from) return Promise.resolve();
  const [dx, dy] = offset(node, from);
  node.style.transition = "none";
  node.style.transform = `translate(${dx}px, ${dy}px) scale(0.7)`;
  node.style.opacity = "0.3";
  node.getBoundingClientRect(); // commit the start position before the transition
  node.style.transition = "";
  node.style.transform = "";
  node.style.opacity = "";
  getComputedStyle(node).transform; // start the transitions now, so that they can be waited on
  // landed: when every transition has ended (a busy page may start them late, so no fixed
  // time is trusted), or was cancelled (the card removed); 2 s at most, whatever happens
  const moving = node.getAnimations().map((a) => a.finished);
  return Promise.race([Promise.allSettled(moving), new Promise((resolve) => setTimeout(resolve, 2000))])
    .then(() => undefined);
}

export function animateCollect(nodes, to) {
  if (still() || !to) return;
  for (const node of nodes) {
    if (node.classList.contains("collect")) continue;
    const [dx, dy] = offset(node, to);
    node.classList.add("collect"); // a delayed transition (app.css): first see who won
    node.style.transform = `translate(${dx}px, ${dy}px) scale(0.4)`;
  }
}
