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

/** The path the seats follow: a "U" upside down. Up the left side (x = left, from y = low
 * to ``sideTop``), along the top (y = top, from ``topLeft`` to ``topRight``), down the right
 * side. The top row starts where the side columns end, so their corners never touch. */
function path(left, right, top, low, w, h) {
  const sideTop = Math.min(low, top + h);
  // a felt too short for a seat on its sides below the top row's corners (Call Kitti's
  // board under it on a phone): no sides, the top row the whole width
  const sides = low - top >= h;
  const topLeft = sides ? left + w : left;
  const topRight = Math.max(topLeft, sides ? right - w : right);
  return { left, right, top, low, sideTop, topLeft, topRight, sides,
    side: sides ? Math.max(0, low - sideTop) : 0, across: Math.max(0, topRight - topLeft) };
}

/** Where a fraction ``f`` of the way along the path lies: {edge, u} (u: 0…1 along that edge). */
function place(f, p) {
  const total = 2 * p.side + p.across || 1;
  const d = f * total;
  if (d < p.side || (p.across === 0 && d < total / 2)) return { edge: "left", u: p.side ? d / p.side : 0.5 };
  if (d <= p.side + p.across && p.across > 0) return { edge: "top", u: (d - p.side) / p.across };
  return { edge: "right", u: p.side ? Math.min(1, (d - p.side - p.across) / p.side) : 0.5 };
}

function point({ edge, u }, p) {
  if (edge === "left") return { x: p.left, y: p.low - u * p.side, edge };
  if (edge === "top") return { x: p.topLeft + u * p.across, y: p.top, edge };
  return { x: p.right, y: p.sideTop + u * p.side, edge };
}

/** Centres (px) of the other seats' badges and of their played cards.
 * ``seat``/``badge``: the badges' width and height; ``card``: a card's width;
 * ``mine``: the height of the human's own badge (at the bottom, in the middle). */
export function layout(players, me, width, height, { seat, badge, card, mine, figure = card }) {
  // ``figure``: the width of what a seat plays (one card, or a fan of three: Call Kitti's shows)
  const others = players - 1;
  const cardH = card * CARD_RATIO;
  const low = Math.max(badge / 2 + MARGIN, height - mine - MARGIN - GAP - badge / 2);
  const outer = path(seat / 2 + MARGIN, width - seat / 2 - MARGIN, badge / 2 + MARGIN, low, seat + GAP, badge + GAP);
  const inLeft = outer.left + seat / 2 + GAP + figure / 2;
  const inTop = outer.top + badge / 2 + GAP + cardH / 2;
  const mySpot = height - mine - MARGIN - GAP - cardH / 2; // the human's cards, above the badge
  const inner = path(inLeft, width - inLeft, inTop, Math.min(low, mySpot - cardH - GAP), figure + GAP, cardH + GAP);
  const out = {};
  for (let i = 1; i <= others; i += 1) {
    // (along the top alone: from one end of the row to the other)
    const f = others === 1 ? 0.5 : outer.sides ? (i - 0.5) / others : (i - 1) / (others - 1);
    const where = place(f, outer);
    // the cards lie on the same edge, as far along it: in front of their seat
    out[(me + i) % players] = { ...point(where, outer), spot: point(where, inner) };
  }
  out[me] = { x: width / 2, y: height - mine / 2 - MARGIN, edge: "bottom", spot: { x: width / 2, y: mySpot } };
  return out;
}

/** What overlaps: "badges" (two badges: narrower ones may fit), "cards" (the spots of
 * the played cards, with each other or with a badge: smaller cards may fit), or null.
 * ``boxes``: each seat's {x, y, w, h} badge; cards are ``card`` wide. */
export function overlaps(at, boxes, card, figure = card) {
  const rects = [];
  for (const [s, p] of Object.entries(at)) {
    const b = boxes[s];
    rects.push({ badge: true, r: [p.x - b.w / 2, p.y - b.h / 2, b.w, b.h] });
    rects.push({ badge: false, r: [p.spot.x - figure / 2, p.spot.y - card * CARD_RATIO / 2, figure, card * CARD_RATIO] });
  }
  let found = null;
  for (let i = 0; i < rects.length; i += 1) {
    for (let j = i + 1; j < rects.length; j += 1) {
      const [ax, ay, aw, ah] = rects[i].r;
      const [bx, by, bw, bh] = rects[j].r;
      // (a pixel apart at least: borders and rounding)
      if (ax < bx + bw + 1 && bx < ax + aw + 1 && ay < by + bh + 1 && by < ay + ah + 1) {
        if (rects[i].badge && rects[j].badge) return "badges";
        found = "cards";
      }
    }
  }
  return found;
}
