// Where the seats sit around the table. The human sits at the bottom (by the hand); the
// others go clockwise from the human's left: up the left edge of the felt, along its top,
// down the right edge, evenly spaced along that path. Each seat's played cards lie in
// front of it, on a smaller path inside the first, so a card never covers a seat. Sizes
// shrink until nothing overlaps: 2 to 20 seats fit at 360 px as on a desktop.

const MARGIN = 4; // px between a badge and the felt's edge
const GAP = 6; // px between a badge and its cards
export const CARD_RATIO = 1.4; // a card's height to its width

/** First guess of the badge and card widths (px) for ``others`` seats on the felt. */
export function sizes(others, width, height) {
  const path = 2 * height * 0.64 + width;
  const gap = path / Math.max(1, others);
  const seat = Math.max(40, Math.min(150, gap - 6, width * 0.3));
  const card = Math.max(20, Math.min(0.7 * gap / CARD_RATIO, 0.16 * width, 0.19 * height, 84));
  return { seat, card };
}

/** A point ``d`` along the path up the left side (x = left, from y = low to top), across
 * the top (y = top) and down the right side (x = right). */
function along(d, { left, right, top, low }) {
  const side = Math.max(0, low - top);
  const across = Math.max(0, right - left);
  if (d <= side) return { x: left, y: low - d, edge: "left" };
  if (d <= side + across) return { x: left + (d - side), y: top, edge: "top" };
  return { x: right, y: top + Math.min(side, d - side - across), edge: "right" };
}

function length({ left, right, top, low }) {
  return 2 * Math.max(0, low - top) + Math.max(0, right - left);
}

/** Centres (px) of the other seats' badges and of their played cards.
 * ``seat``/``badge``: the badges' width and height; ``card``: a card's width;
 * ``mine``: the height of the human's own badge (at the bottom, in the middle). */
export function layout(players, me, width, height, { seat, badge, card, mine }) {
  const others = players - 1;
  const cardH = card * CARD_RATIO;
  const low = Math.max(badge / 2 + MARGIN, height - mine - MARGIN - GAP - badge / 2);
  const outer = { left: seat / 2 + MARGIN, right: width - seat / 2 - MARGIN, top: badge / 2 + MARGIN, low };
  const inner = {
    left: outer.left + seat / 2 + GAP + card / 2,
    right: outer.right - seat / 2 - GAP - card / 2,
    top: outer.top + badge / 2 + GAP + cardH / 2,
    low: Math.min(low, height - mine - MARGIN - GAP - cardH * 1.5),
  };
  const total = length(outer);
  const totalIn = length(inner);
  const out = {};
  for (let i = 1; i <= others; i += 1) {
    const f = others === 1 ? 0.5 : (i - 0.5) / others;
    const p = along(total * f, outer);
    out[(me + i) % players] = { ...p, spot: along(totalIn * f, inner) };
  }
  const y = height - mine / 2 - MARGIN;
  out[me] = { x: width / 2, y, edge: "bottom", spot: { x: width / 2, y: y - mine / 2 - GAP - cardH / 2 } };
  return out;
}

/** Does anything overlap: two badges, two spots, or a spot and a badge? ``boxes``: each
 * seat's {x, y, w, h} badge; cards are ``card`` wide. */
export function overlaps(at, boxes, card) {
  const rects = [];
  for (const [s, p] of Object.entries(at)) {
    const b = boxes[s];
    rects.push([p.x - b.w / 2, p.y - b.h / 2, b.w, b.h]);
    rects.push([p.spot.x - card / 2, p.spot.y - card * CARD_RATIO / 2, card, card * CARD_RATIO]);
  }
  for (let i = 0; i < rects.length; i += 1) {
    for (let j = i + 1; j < rects.length; j += 1) {
      const [ax, ay, aw, ah] = rects[i];
      const [bx, by, bw, bh] = rects[j];
      // (a pixel apart at least: borders and rounding)
      if (ax < bx + bw + 1 && bx < ax + aw + 1 && ay < by + bh + 1 && by < ay + ah + 1) return true;
    }
  }
  return false;
}
