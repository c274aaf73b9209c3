// The height of an embed's <iframe>, for the embed codes that the rules pages' copy button
// and the test page (embed/test.html) write: measured, not guessed. The frame's cards and
// text size with the frame's width, so the example is drawn, every step of it, in a hidden
// frame of the embed's own width (760 px, the code's max-width) on this same site.

export const EMBED_WIDTH = 760;

/** A first guess, when nothing can be measured (the frame says how tall it is once drawn). */
export function guessHeight(game, players) {
  return Math.min(900, 190 + players * (game === "call-kitti" ? 92 : 74));
}

/**
 * The tallest the example gets in a frame EMBED_WIDTH wide. url: the embed frame's URL (this
 * site's); data: the example's steps ({steps, names, deck, game, question?}), as a rules
 * page carries them. Falls back to guessHeight after 10 s.
 */
export async function measureHeight(url, data) {
  const frame = document.createElement("iframe");
  frame.src = url;
  frame.title = "";
  frame.tabIndex = -1;
  frame.setAttribute("aria-hidden", "true");
  // out of sight (so it never starts Python), but laid out at the embed's width
  frame.style.cssText = `position:absolute;left:-${EMBED_WIDTH + 1000}px;top:0;width:${EMBED_WIDTH}px;height:400px;border:0;visibility:hidden`;
  document.body.append(frame);
  try {
    const end = performance.now() + 10_000;
    for (;;) {
      const api = frame.contentWindow && frame.contentWindow.korttiEmbed;
      const state = api && api.state();
      if (state && state !== "decoding") {
        const height = state === "error" ? null : await api.tallest(data);
        if (height) return height;
        break;
      }
      if (performance.now() > end) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch { /* measured nothing: guess */ } finally {
    frame.remove();
  }
  return guessHeight(data.game, data.names.length);
}

/** The one line of HTML that embeds an example. */
export function embedCode(url, title, height) {
  const attr = (s) => String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<iframe src="${attr(url)}" title="${attr(title)}" width="100%" height="${height}" `
    + `style="border:0;max-width:${EMBED_WIDTH}px" loading="lazy"></iframe>`;
}
