// A friend who joined by a table code and lost the host (its page reloaded or closed, a
// network dropped): the page keeps looking for the table (room.js) and says it waits. A host
// who has not come back within HOST_AWAY_MS may not come back at all, so the page says that
// too, in words, with the way back (a new invite from the host, or the games), and goes on
// looking meanwhile: the friend is seated again if the table does come back.
import { t } from "../i18n.js";

export const HOST_AWAY_MS = 20000;

/**
 * After HOST_AWAY_MS, the waiting page now in ``section`` (its title and status) says the
 * host is not back yet; a page shown there meanwhile is left as it is. Returns what stops
 * that, for when the host is found again.
 * @param {HTMLElement} section
 * @returns {() => void}
 */
export function sayWhenHostStaysAway(section) {
  const title = section.querySelector("#friends-title");
  const said = section.querySelector("#join-status");
  const timer = setTimeout(() => {
    if (!title?.isConnected || !said?.isConnected) return;
    title.textContent = t("web.friends.code.gone.title");
    said.textContent = t("web.friends.code.gone");
  }, HOST_AWAY_MS);
  return () => clearTimeout(timer);
}
