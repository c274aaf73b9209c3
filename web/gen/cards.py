"""Card faces and the card back as SVG, drawn by code (our own art).

French deck (52: spades, hearts, diamonds, clubs) and the German-suited 32-card
deck of Kočka (hearts, leaves, acorns, bells; 7–A). Court cards are double-ended
busts: King with a crown; Queen with a circlet; Jack and Unter with a cap; Ober with
a plumed hat. German Ober and Unter are told apart the traditional way too: the
Ober holds his suit sign high beside his head, the Unter low at his waist.
"""

from __future__ import annotations

W, H = 200, 280
FONT = "Georgia,'DejaVu Serif','Liberation Serif',serif"

# Suit signs, drawn in a box of about -50..50 around the origin.
SIGNS = {
    "heart": ('<path d="M0 45C-15 25-50 5-50-20C-50-40-35-50-22-50C-10-50-3-42 0-32'
              'C3-42 10-50 22-50C35-50 50-40 50-20C50 5 15 25 0 45Z" fill="{c}"/>'),
    "diamond": '<path d="M0-50Q15-22 38 0Q15 22 0 50Q-15 22-38 0Q-15-22 0-50Z" fill="{c}"/>',
    "spade": ('<path d="M0-50C-15-28-50-10-50 14C-50 32-35 40-22 40C-12 40-5 34-3 28'
              'C-5 38-10 46-18 50L18 50C10 46 5 38 3 28C5 34 12 40 22 40C35 40 50 32 50 14'
              'C50-10 15-28 0-50Z" fill="{c}"/>'),
    "club": ('<g fill="{c}"><circle cx="0" cy="-24" r="21"/><circle cx="-23" cy="10" r="21"/>'
             '<circle cx="23" cy="10" r="21"/><path d="M-5 8Q-6 36-18 50L18 50Q6 36 5 8Z"/></g>'),
    "leaf": ('<g><path d="M0-50C34-28 44 12 0 40C-44 12-34-28 0-50Z" fill="{c}"/>'
             '<path d="M0-38V50M0-10L16-24M0 8L20-6M0-10L-16-24M0 8L-20-6" stroke="#cfe8c8" '
             'stroke-width="4" fill="none" stroke-linecap="round"/></g>'),
    "acorn": ('<g><ellipse cx="0" cy="14" rx="22" ry="30" fill="#c98f2e"/>'
              '<path d="M-27-2C-27-30 27-30 27-2Z" fill="{c}"/>'
              '<path d="M-18-8L-6-24M-6-4L6-26M6-4L18-20" stroke="#3d2612" stroke-width="3"/>'
              '<path d="M0-26V-44" stroke="{c}" stroke-width="7" stroke-linecap="round"/></g>'),
    "bell": ('<g><path d="M0-34V-46" stroke="#8a5a00" stroke-width="7" stroke-linecap="round"/>'
             '<circle cx="0" cy="4" r="36" fill="{c}" stroke="#8a5a00" stroke-width="4"/>'
             '<path d="M-34-4H34" stroke="#8a5a00" stroke-width="5"/>'
             '<ellipse cx="0" cy="24" rx="14" ry="6" fill="#5a3a00"/>'
             '<circle cx="0" cy="24" r="4" fill="#5a3a00"/></g>'),
}

FRENCH_SUITS = {"S": ("spade", "#1a1a1a"), "H": ("heart", "#c8102e"),
                "D": ("diamond", "#c8102e"), "C": ("club", "#1a1a1a")}
GERMAN_SUITS = {"H": ("heart", "#c8102e"), "L": ("leaf", "#2e7d32"),
                "A": ("acorn", "#6b4423"), "B": ("bell", "#e8b020")}
INK = {"S": "#1a1a1a", "H": "#c8102e", "D": "#c8102e", "C": "#1a1a1a", "L": "#1f5e23",
       "A": "#5a3a1a", "B": "#8a5a00"}
# The four-colour French deck (a setting): diamonds blue and clubs green, so that no two
# suits share a colour; spades and hearts as above. Both dark enough on the white face.
FOUR_COLOURS = {"D": "#0b5cad", "C": "#17722c"}

L, C, R = 68, 100, 132
FOUR = [62, 114, 166, 218]
FRENCH_PIPS = {
    "2": [(C, 62), (C, 218)],
    "3": [(C, 62), (C, 140), (C, 218)],
    "4": [(x, y) for y in (62, 218) for x in (L, R)],
    "5": [(x, y) for y in (62, 218) for x in (L, R)] + [(C, 140)],
    "6": [(x, y) for y in (62, 140, 218) for x in (L, R)],
    "7": [(x, y) for y in (62, 140, 218) for x in (L, R)] + [(C, 101)],
    "8": [(x, y) for y in (62, 140, 218) for x in (L, R)] + [(C, 101), (C, 179)],
    "9": [(x, y) for y in FOUR for x in (L, R)] + [(C, 140)],
    "T": [(x, y) for y in FOUR for x in (L, R)] + [(C, 88), (C, 192)],
}
GERMAN_PIPS = {
    "7": [(x, y) for y in (66, 140, 214) for x in (L, R)] + [(C, 103)],
    "8": [(x, y) for y in FOUR for x in (L, R)],
    "9": [(x, y) for y in FOUR for x in (L, R)] + [(C, 140)],
    "T": [(x, y) for y in FOUR for x in (L, R)] + [(C, 88), (C, 192)],
}


def sign(kind: str, colour: str, x: float, y: float, scale: float, flip: bool = False) -> str:
    rot = " rotate(180)" if flip else ""
    return (f'<g transform="translate({x:g} {y:g}) scale({scale:g}){rot}">'
            f'{SIGNS[kind].format(c=colour)}</g>')


def index(rank: str, kind: str, colour: str, ink: str) -> str:
    """The corner index (rank over a small suit sign), top left and, turned, bottom right."""
    label = "10" if rank == "T" else rank
    size = 32 if len(label) > 1 else 38
    one = (f'<text x="22" y="42" font-family="{FONT}" font-size="{size}" font-weight="700" '
           f'text-anchor="middle" fill="{ink}" letter-spacing="-2">{label}</text>'
           + sign(kind, colour, 22, 64, 0.2))
    return one + f'<g transform="rotate(180 {W / 2:g} {H / 2:g})">{one}</g>'


def frame(body: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">'
            f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="14" fill="#fffdf7" '
            f'stroke="#8a8577" stroke-width="3"/>{body}</svg>')


# ------------------------------------------------------------------ court cards

ROBES = {"K": "#b3262e", "Q": "#24458f", "J": "#2e7d4f", "O": "#24458f", "U": "#2e7d4f"}


def headwear(rank: str) -> str:
    gold = 'fill="#e0a800" stroke="#7a5a00" stroke-width="2"'
    if rank == "K":
        return f'<path d="M83 70L83 50L91 59L100 45L109 59L117 50L117 70Z" {gold}/>'
    if rank == "Q":
        return ('<path d="M83 84C80 58 120 58 117 84L120 104L80 104Z" fill="#5a3a1a"/>'
                f'<path d="M85 68Q100 56 115 68L115 72Q100 62 85 72Z" {gold}/>'
                '<circle cx="100" cy="62" r="3.5" fill="#c8102e"/>')
    if rank == "O":  # a wide hat with a plume
        return ('<path d="M76 70Q100 62 124 70L118 64Q100 50 82 64Z" fill="#3b2a55"/>'
                '<path d="M118 64C130 48 140 42 146 38C140 52 132 60 121 68Z" fill="#e0a800"/>')
    return ('<path d="M85 72C86 56 114 56 115 72Z" fill="#8b1e3f"/>'  # J, U: a cap
            '<path d="M84 72H116" stroke="#4a0f22" stroke-width="3"/>')


def bust(rank: str, kind: str, colour: str, german: bool) -> str:
    """The top half of a double-ended court card (y 40..140)."""
    robe = ROBES[rank]
    parts = [
        f'<path d="M60 140C60 110 74 97 100 97C126 97 140 110 140 140Z" fill="{robe}"/>',
        '<path d="M86 98L100 118L114 98" fill="none" stroke="#e0a800" stroke-width="4"/>',
        '<path d="M100 118V140" stroke="#e0a800" stroke-width="3"/>',
        '<circle cx="100" cy="82" r="15" fill="#f3d2b3" stroke="#7a5a40" stroke-width="1.5"/>',
        '<circle cx="95" cy="80" r="1.8" fill="#333"/><circle cx="105" cy="80" r="1.8" fill="#333"/>',
        '<path d="M95 88Q100 91 105 88" stroke="#7a3a2a" stroke-width="1.5" fill="none"/>',
        headwear(rank),
    ]
    if rank == "K":
        parts.append('<path d="M88 90Q100 106 112 90Q106 96 100 96Q94 96 88 90Z" fill="#8a8a8a"/>')
    if german:
        # Ober: sign held high beside the head; Unter: low at the waist; King: on the chest
        x, y = {"O": (132, 62), "U": (130, 128), "K": (100, 126)}[rank]
        parts.append(sign(kind, colour, x, y, 0.17))
    return "".join(parts)


def court(rank: str, kind: str, colour: str, german: bool) -> str:
    half = bust(rank, kind, colour, german)
    body = [
        '<rect x="40" y="40" width="120" height="200" rx="6" fill="#f4efe0" stroke="#8a8577" stroke-width="2"/>',
        '<clipPath id="f"><rect x="40" y="40" width="120" height="200" rx="6"/></clipPath>',
        f'<g clip-path="url(#f)">{half}<g transform="rotate(180 100 140)">{half}</g></g>',
        '<path d="M40 140H160" stroke="#8a8577" stroke-width="2"/>',
    ]
    if not german:
        body.append(sign(kind, colour, 54, 54, 0.13) + sign(kind, colour, 146, 226, 0.13, flip=True))
    return "".join(body)


# ------------------------------------------------------------------ the cards

def face(rank: str, suit: str, german: bool, four: bool = False) -> str:
    kind, colour = (GERMAN_SUITS if german else FRENCH_SUITS)[suit]
    ink = INK[suit]
    if four and suit in FOUR_COLOURS:
        colour = ink = FOUR_COLOURS[suit]
    pips = GERMAN_PIPS if german else FRENCH_PIPS
    if rank in pips:
        scale = 0.36 if german else 0.3
        body = "".join(sign(kind, colour, x, y, scale, flip=y > 140) for x, y in pips[rank])
    elif rank == "A":
        ring = '<ellipse cx="100" cy="140" rx="62" ry="80" fill="none" stroke="{}" stroke-width="2"/>'
        body = (ring.format(ink) if german else "") + sign(kind, colour, 100, 140, 0.9 if german else 0.75)
    else:
        body = court(rank, kind, colour, german)
    return frame(index(rank, kind, colour, ink) + body)


def back() -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">'
            '<defs><pattern id="p" width="20" height="20" patternUnits="userSpaceOnUse">'
            '<rect width="20" height="20" fill="#1d3f8a"/>'
            '<path d="M10 2L18 10L10 18L2 10Z" fill="#2d56ad"/></pattern></defs>'
            f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="14" fill="#fffdf7" '
            'stroke="#8a8577" stroke-width="3"/>'
            f'<rect x="12" y="12" width="{W - 24}" height="{H - 24}" rx="8" fill="url(#p)"/>'
            '<path d="M100 100L130 140L100 180L70 140Z" fill="none" stroke="#fffdf7" stroke-width="4"/>'
            '<circle cx="100" cy="140" r="9" fill="#fffdf7"/></svg>')


def all_files() -> dict[str, bytes]:
    files = {"cards/back.svg": back().encode()}
    for rank in "23456789TJQKA":
        for suit in "SHDC":
            files[f"cards/french/{rank}{suit}.svg"] = face(rank, suit, german=False).encode()
            # every face, so that the setting only swaps the folder (web/js/settings.js)
            files[f"cards/french4/{rank}{suit}.svg"] = face(rank, suit, german=False, four=True).encode()
    for rank in "789TUOKA":
        for suit in "HLAB":
            files[f"cards/german/{rank}{suit}.svg"] = face(rank, suit, german=True).encode()
    return files
