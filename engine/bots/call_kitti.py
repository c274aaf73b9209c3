"""Call Kitti bots: arrange thirteen cards into four sets and a discard, then bid.

The shows play themselves (C-7), so a seat has two decisions per deal: the
arrangement (C-5, with the six-pairs declaration of C-4 open) and the bid (C-6).

* **random**: a uniformly random split of the hand, a uniformly random listed action.
* **easy**: greedy arrangement (the best set first, then the best of the rest …)
  and a rough bid (the expected shows won, rounded, with some noise).
* **medium**: the arrangement that maximises the expected number of shows won
  under a *strength table* (the chance that a set of a given value wins show k),
  and the bid with the best expected points and goals for that arrangement.
* **hard**: the same optimiser (branch and bound over the four sets in show order:
  the same answer as trying all 200,200 splits) keeps its four best splits and
  plays the one worth most money; the bid comes from the distribution of shows
  won, sampled: opponents' hands drawn from the 39 cards it cannot see, arranged
  by the optimiser, weighted by how well they explain the bids already made;
  each candidate bid is scored with C-8/C-9 (bid 4, sole successful bid, struck
  deals) through a value of the match state in money (points, goals, WATI, how
  near each seat is to 5 points). Six pairs are declared when the hand is worth
  less than a fresh deal (medium too, by its own measure).

The strength table ``_TABLE`` was trained by self-play with :func:`train_table`
(the optimiser's own arrangements of random hands, four rounds of 30,000 deals). Sets are
compared by a *value rank*: the dense rank of :func:`set_value` among the
distinct values of all 22,100 sets, so a comparison of ranks is the engine's
comparison of sets.

>>> from engine.bots import make_bot
>>> from engine.games.call_kitti import CallKitti
>>> m = CallKitti.new(4, seed=5)
>>> d = make_bot("call-kitti", "medium", seed=1).decide(m.view(0))
>>> d.action.split()[1], d.reason
('arrange', 'hint.call-kitti.arrange')
"""

from __future__ import annotations

import heapq
import math
import random
import time
from collections.abc import Generator
from itertools import combinations

from ..cards import FRENCH
from ..games.call_kitti import set_category, set_value
from . import register
from .base import Bot, Budget, Decision, Steps, View
from .search import sampled_values

SEATS = 4
SHOWS = 4
HAND = 13
GOAL = 5
MAX_BID = 4
ARENA_SAMPLES = 48  # hard: sampled deals per decision; fits 300 ms at p95 in Pyodide
WORLDS_PER_SAMPLE = 8  # hard: worlds mixed from the pool per sampled deal

# ------------------------------------------------------------------ value ranks

# Every set, by its ranks high to low (r1 >= r2 >= r3) and whether it is one-suited,
# maps to a key r1*169 + r2*13 + r3 (+ 2197 when one-suited); _VRANK[key] is its value rank.


def _build_vranks() -> tuple[list[int], int]:
    values: dict[int, tuple[int, ...]] = {}
    for r1 in range(13):
        for r2 in range(r1 + 1):
            for r3 in range(r2 + 1):
                key = r1 * 169 + r2 * 13 + r3
                values[key] = set_value((r1, 13 + r2, 26 + r3))  # three suits
                if r1 != r2 and r2 != r3:
                    values[key + 2197] = set_value((r1, r2, r3))  # one suit
    order = sorted(set(values.values()))
    dense = {v: i for i, v in enumerate(order)}
    table = [-1] * (2 * 2197)
    for key, v in values.items():
        table[key] = dense[v]
    return table, len(order)


_VRANK, NV = _build_vranks()
_TRIPLES = list(combinations(range(HAND), 3))
_TMASK = [(1 << i) | (1 << j) | (1 << k) for i, j, k in _TRIPLES]
_FULL = (1 << HAND) - 1


def _sorted_hand(hand: list[int]) -> list[int]:
    """Cards high rank first, so that a triple i < j < k has its ranks in order."""
    return sorted(hand, key=lambda c: (-(c % 13), c // 13))


def _triples(cards: list[int]) -> tuple[list[int], list[int]]:
    """The hand's 286 sets, strongest first: (masks of local card indices, value ranks)."""
    rk = [c % 13 for c in cards]
    su = [c // 13 for c in cards]
    vr = _VRANK
    keyed = []
    for t, (i, j, k) in enumerate(_TRIPLES):
        key = rk[i] * 169 + rk[j] * 13 + rk[k]
        if su[i] == su[j] == su[k]:
            key += 2197
        keyed.append((vr[key], t))
    keyed.sort(reverse=True)
    return [_TMASK[t] for _, t in keyed], [v for v, _ in keyed]


def hand_vrank(trio: list[int] | tuple[int, ...]) -> int:
    """The value rank of one set (cards as ints)."""
    cards = _sorted_hand(list(trio))
    rk = [c % 13 for c in cards]
    key = rk[0] * 169 + rk[1] * 13 + rk[2]
    if cards[0] // 13 == cards[1] // 13 == cards[2] // 13:
        key += 2197
    return _VRANK[key]


# ------------------------------------------------------------------ the optimiser

Table = list[list[float]]


def _search(masks: list[int], vals: list[int], w: Table) -> tuple[float, tuple[int, int, int, int]]:
    """The best split: the four disjoint sets (indices into the sorted list) with the
    highest Σ w[k][value of the k-th set], found by :func:`_search_top`."""
    (best,) = _search_top(masks, vals, w, 1)  # a 13-card hand always has a split
    return best[0], (best[1][0], best[1][1], best[1][2], best[1][3])


def _search_top(masks: list[int], vals: list[int], w: Table, count: int) -> list[tuple[float, tuple[int, ...]]]:
    """Branch and bound keeping the ``count`` best splits (best first).

    Sets are taken in value order (a < b < c < d), so each split is met once and
    set k plays show k. Every ``w[k]`` grows with the value, so ``w[k][v]`` of the
    current candidate bounds every later one: when the bound (the count-th best
    score so far) fails, the rest of the loop fails too (break, not continue).
    """
    w0, w1, w2, w3 = w
    n = len(masks)
    heap: list[tuple[float, tuple[int, ...]]] = []
    bar = -1.0
    for a in range(n):
        va = vals[a]
        sa = w0[va]
        if sa + w1[va] + w2[va] + w3[va] <= bar:
            break
        ma = masks[a]
        for b in range(a + 1, n):
            mb = masks[b]
            if ma & mb:
                continue
            vb = vals[b]
            sb = sa + w1[vb]
            if sb + w2[vb] + w3[vb] <= bar:
                break
            mab = ma | mb
            for c in range(b + 1, n):
                mc = masks[c]
                if mab & mc:
                    continue
                vc = vals[c]
                sc = sb + w2[vc]
                if sc + w3[vc] <= bar:
                    break
                mabc = mab | mc
                for d in range(c + 1, n):
                    if masks[d] & mabc:
                        continue
                    score = sc + w3[vals[d]]
                    if score <= bar:
                        break
                    # equal value ranks make equal splits for the shows: keep one
                    key = (vals[a], vals[b], vals[c], vals[d])
                    if any(tuple(vals[i] for i in t) == key for _, t in heap):
                        continue
                    heapq.heappush(heap, (score, (a, b, c, d)))
                    if len(heap) > count:
                        heapq.heappop(heap)
                    if len(heap) == count:
                        bar = heap[0][0]
    return sorted(heap, reverse=True)


def _split(cards: list[int], masks: list[int], idx: tuple[int, ...]) -> tuple[list[list[int]], int]:
    used = 0
    sets = []
    for t in idx:
        m = masks[t]
        used |= m
        sets.append([cards[i] for i in range(HAND) if m >> i & 1])
    return sets, cards[(_FULL ^ used).bit_length() - 1]


def optimise(hand: list[int], w: Table | None = None) -> tuple[float, list[list[int]], int, list[int]]:
    """The best split of ``hand`` under table ``w``: (score, four sets in show order,
    discard, value ranks of the sets)."""
    cards = _sorted_hand(hand)
    masks, vals = _triples(cards)
    score, idx = _search(masks, vals, w or _WIN)
    sets, discard = _split(cards, masks, idx)
    return score, sets, discard, [vals[t] for t in idx]


def _fast_vals(hand: list[int], w: Table) -> tuple[float, list[int]]:
    """Only the optimum's score and the value ranks of its sets (for sampled opponents)."""
    masks, vals = _triples(_sorted_hand(hand))
    score, idx = _search(masks, vals, w)
    return score, [vals[t] for t in idx]


def greedy(hand: list[int]) -> tuple[list[list[int]], int, list[int]]:
    """Easy: the best set, then the best set of the rest, and so on."""
    cards = _sorted_hand(hand)
    masks, vals = _triples(cards)
    used = 0
    sets, vr = [], []
    for m, v in zip(masks, vals):
        if m & used:
            continue
        used |= m
        sets.append([cards[i] for i in range(HAND) if m >> i & 1])
        vr.append(v)
        if len(sets) == SHOWS:
            break
    return sets, cards[(_FULL ^ used).bit_length() - 1], vr


# ------------------------------------------------------------------ the strength table


def _decode(text: str) -> Table:
    """Four CDFs (opponent's k-th set strictly below each value rank, 1/65535 units),
    as the chance that a set beats all three opponents' k-th sets: F³."""
    rows = []
    for k in range(SHOWS):
        chunk = text[k * NV * 4:(k + 1) * NV * 4]
        rows.append([(int(chunk[i * 4:i * 4 + 4], 16) / 65535.0) ** 3 for i in range(NV)])
    return rows


def _encode(cdfs: list[list[float]]) -> str:
    return "".join(f"{min(65535, round(f * 65535)):04x}" for row in cdfs for f in row)


def train_table(rounds: int = 3, deals: int = 20000, seed: int = 1) -> str:
    """Self-play: arrange random hands with the current table, take the distribution
    of each show's set, make it the next table. Returns the encoded table (``_TABLE``).

    The first round starts from a table that only prefers higher values (its
    optimum is close to the greedy split).
    """
    rng = random.Random(seed)
    w: Table = [[(v / NV) ** 3 for v in range(NV)] for _ in range(SHOWS)]
    cdfs: list[list[float]] = []
    for _ in range(rounds):
        counts = [[0] * NV for _ in range(SHOWS)]
        for _ in range(deals):
            pack = list(range(52))
            rng.shuffle(pack)
            for s in range(SEATS):
                _, vr = _fast_vals(pack[s * HAND:(s + 1) * HAND], w)
                for k in range(SHOWS):
                    counts[k][vr[k]] += 1
        cdfs = []
        for k in range(SHOWS):
            total = sum(counts[k])
            acc, row = 0, []
            for v in range(NV):
                row.append(acc / total)  # strictly below v
                acc += counts[k][v]
            cdfs.append(row)
        w = [[f ** 3 for f in row] for row in cdfs]
    return _encode(cdfs)


# train_table(rounds=4, deals=30000, seed=1)
_TABLE = (
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000100010001000100010001000100010001000100010001000200030004000500070007"
    "00080008000a000a000b000b000d000e000e000f000f0010001000120013001300140015001500180019001b001b"
    "001c001c001e001e001f001f001f002000200021002200240024002500270027002700280029002b002c002d0030"
    "00300032003300330035003700380039003a003b003d003f003f0042004400450049004b004c004c004e004f0050"
    "0051005300540056005a005c005c005c00600060006100620065006600680069006a006e0071007400770079007a"
    "007c007d007d007d007e007f00810081008300860089008a008b008d008f009100930098009b009d009e00a200a3"
    "00a400a900aa00ab00b000b100b400b500b800bb00bc00bd00bf00c100c400c500c900cb00cd00d100d100d300d7"
    "00d800dd00de00df00e200e300e500e800ea00ef00f000f200fa0102010601110118011b012001220126012b012f"
    "01330136013a013d013f01420145014a014e015001550157015a01630168016a016e0177017a0180018a018f0194"
    "0198019e01a101a801a801ab01b201b501b901c001c601ca01cc01cf01d401d701da01df01e401ec01fa0201020f"
    "021a0223022c022f0237023c02420245024e0254025d02610264026d0277027f0286028d0293029c02a102b202bb"
    "02c202c802cd02d102d902e302ec02f302fd0304030a0311031d03270330033b0345034d03510356035c0363036a"
    "037003770380038703920395039e03a503af03b703c003c903d003dd03e405f707fd0a980ddd11f917091d5424cb"
    "2ca436654a1459465d2e611c654069326d6771c7761c7a8e7eb982db88098c4e93bb9ac5a2d2aaf6b329bbb6c45d"
    "cd7ad6eee0e1eadaf58d000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000010001000100010001000100010001000100010001000100010002"
    "00020002000200020002000200020002000200020002000200030004000400040004000400050006000600070007"
    "0009000a000c000d000d000d000d000d000f00100012001300130014001600170017001700170019001b001c0020"
    "0022002500260028002a002a002a002a002c00300037003d003f0043004600490049004900490049004c00500058"
    "005d005e005e0061006300630063006300630067006e00740079007d007f00800080008000800080008000850089"
    "00910096009b00a000a300a400a400a400a400a400a700a800af00b500b900ba00bb00bc00bd00bd00bd00bd00ce"
    "00e900f901030111011e012b0133014b0157016c0171017f0189018f019d01a801b901c301db01ea01f20201020d"
    "0217022402310235023f024a0251025b02640274027c0284029602a402b402c002d002da02e802f70306030e0318"
    "0324032e033f034e03610369037b038b039503a503b603c303cc03e203fa040d041e042c043d044c045c046e047a"
    "048b049c04a404af04bc04c504d304e404fb0509052505310543054d055e056d057c058b059a05b605ca05d605e6"
    "05f3060806230636064806580660067006810692069c06ae06ba06c706d106e606f40705071a0733075c076d0788"
    "07a107b107c207d507f00803082008320848085e086f0887089c08b208ca08e308f409120929093f09590979098f"
    "09a509bb09cc09e409fb0a0c0a250a370a4c0a610a730a820a9e0ab20ac20ad80af00b270b660b840bcd0c030c2c"
    "0c570c870ca70cc60cf50d180d430d6b0d830dac0dd40e030e3c0e660e8b0ebc0eeb0f190f410f720f940fb80fee"
    "101e1052108f10c9110c11401167119711bf11e012111245126b12a212d4130813361358138113ac13dd140c1437"
    "1464149314f91530158015ae15eb1622165e16b216de171b174c17a917e418171854188118ce191c195b199519cb"
    "19f71a491a7f1ad41b1d1b521b8d1bb81c001c471c911ce61d241d5c1dae1de61e3d1e931ee61f3e1fa51ff42041"
    "207b20aa20f62132217521c122022253229622d72319235623b123ff244b24a32502255425b426212e4536964102"
    "4c1e58c0664c74e1846a923ba277b840cc9ccfabd2add5d4d8cbdbbbdea6e147e3e2e62ce87ceb0eed18efe1f270"
    "f4c0f6f6f8e5faadfc23fd52fe56ff35ffb1ffff0000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00010001000100010001000100010001000100010001000100010001000100010001000100010001000100010001"
    "00010001000100010001000100010001000100010001000100020004000400040008000800080008000800080008"
    "000800080008000800080008000800080008000800080008000800080009000b000b000b000b000b000b000b000b"
    "000b000b000b000b000b000b000b000b000b000b000f0011001100130019001b001b001b001e0021002200220022"
    "002300230023002300230023002500260026002600260026002600260027002800280028002800280029002e0033"
    "0034003400340034003400340037003a003d003e003f003f003f003f003f003f003f003f00460046004600510054"
    "0054005400580060006300630063006600670067006900690069006a006b006b006b006b006b006b006d006e006e"
    "006e006e006e006e006e007100730075007500750075007500750075007a007e007f008400850085008500850085"
    "0085008b008e0090009500970097009700970097009700ae00be00ca00d200d800d900d900d900d900d900d900d9"
    "00e300fc010b0113011b011f01210125012501250125012501320141016001740184018c0195019c01a201a201a8"
    "01b101bb01cf01ea021202290240024a0252025802580264027d028e02a002ba02d602fe031903290334033b033b"
    "0349035c038e03ab03c803e504120431044c045d046404640474048e04c304fe052b05470562058605a105ae05b8"
    "05b805c505ea0623066406b406d806f5070f072e0742074b074b0759078307bb08020842088b08a908bf08d508eb"
    "08f808f80907091e0947098809cd09f80a370a570a6c0a770a820a820a950ab20ae60b1f0b590b8c0bb20be00bf0"
    "0bf90bf90bf90c020c1d0c410c6f0ca30cd50cfe0d1c0d3c0d480d480d480d550d600d830da10dca0df00e180e37"
    "0e4f0e610e610e610eb50f1f0f5e0faa0ffa1042108010b41123115f11bc11f31249127e12b712fb132b137913a5"
    "140e1459149414d4151a154f159415ca15ee161a165f168e16de1710176917ad17de183e188d18e1191b195e199e"
    "19e81a1a1a551a881ab71ae81b1d1b661b9b1bea1c1b1c7a1cb31ced1d311d781dcb1df01e491e851ee61f3a1f7e"
    "1fc82002204c209f20d8212c2160218d21c021ea221f226d22a7230e233b23b823ff244024a224f82550258f25d9"
    "2619268426cb2702277027c5282528a22915296629ad29ee2a372a7c2ade2b242b732bb92bf72c392c702cad2cf9"
    "2d592db92e2a2e742f022f622fb23023308e30e4313431a23204327832da331d338a33e1343834ad3520356a35f3"
    "365a36c8374937eb387338db394739ae3a0e3a6b3ad23b543ba53c113c5d3c9a3ce23d333d8a3de53e4b3eb53f4e"
    "3ff34057413741c0423442e2438e441b448645114598463d46d9474747e94882492449dd4a684adf4b854c294cb2"
    "4d424df94e9e4f0b4fbb5067511351d35288536b542754c0555455db567e572557c55863592d59db5a8d5afe5b69"
    "5bd55c4e5cd25d425dbf5e3a5ef75fc0604860ed614761cc624f62dd639063fb648364fc65d2665e66d367716800"
    "68d369a76a3f6acf6b606be96cc66d686e286ec96f506fe5706b713e71fe72d4739e745174d97581761a770d77dd"
    "78b579a27ab57b937c447cd77d507e087ec47f73801480ce81ad823882ea838a841284fb85c686a08785884f892a"
    "8a308b519682a331b208bfdccc51d778e133e90deeccf43ff8e9fc78fcd2fd31fd8afdd8fe17fe51fe8dfeb8fed7"
    "ff03ff2cff4dff7bff9bffb5ffcdffddffebfff3fff6fffcfffeffffffff0000000000000000000000000000002f"
    "002f002f002f002f004f0095009500af010701070107010701070123014f014f016c01ad01fc01fc0208024002a4"
    "02a402a402a402a402bd02d702d702ec0321035503550363039203d20422042204360464049d04f904f904f904f9"
    "04f9051505360536054a057a05a505a505b505eb063d067c067c068e06b206f2073c079e079e07b407d908020847"
    "08ab08ab08ab08ab08ab08b708d908d908e409130939093909440969099f09d109d109dd09ff0a3c0a830ac10ac1"
    "0acc0af70b1e0b600bb00c150c150c220c460c750ca70ce90d510d510d510d510d510d690d840d840d9d0dc40df6"
    "0df60e000e1d0e420e6c0e6c0e760e920ec30efe0f330f330f450f680f8f0fca101f106410641073109c10c910f9"
    "1132118311e911e911f512191251127f12b21307137f137f137f137f137f13a113cd13cd13e51422146114611472"
    "14ab14ed154115411554157b15b81608164e164e165c168416b416f91744178c178c179c17c91803183f18a6190d"
    "19851985199819cc1a021a481a8d1aea1b641c061c061c181c371c5b1c8d1cbb1ceb1d311d9b1d9b1d9b1d9b1d9b"
    "1dcb1dcb1dcb1e121e431e431e431e7e1eb91eea1eea1eea1f0e1f471f871fc51fc51fc51fe8200e204c208320bf"
    "20bf20bf20df20fc212d215b219921ca21ca21ca21fc2239226522a122e7234923982398239823bb23ee24212459"
    "249324da254025ab25ab25ab25e4262d267926be2702275427ca285c285c285c28b52911298a2a042aad2b632c0f"
    "2ce02df52f0e2f282f282f4f2fac300b307130dc315831e93271334c34203447346b349f34f3358335fd3680372c"
    "37d8387e395d3a6c3a913acb3b163b6c3bda3c743cf33d873e2b3ee93fdd40b440ca4102416d41da423842be4361"
    "43f64488452b460e46b346ca46ef474e47dd485848c649504a1b4ab14b484c2c4cde4cf94d1d4d5f4dd44e6c4ef9"
    "4f76501350e4517d524c52fc5315533a538053d8544a54fd55ac562956c7578958725918592c5954599f59f55a62"
    "5af15bbe5c745d055da45ecf5f775f865fa85fe2602a609460e96190624f6302639764a7659965a865ce65fe6645"
    "669466ec674c67f068c669916a476afb6b0e6b426b886bf06c666cf76d8c6e3a6f3e7083715472587266726d72a8"
    "72e3731d736873b57411747a751975be769476f8777877c67835789778fa796579af7a4d7aad7b337b8a7bf57c55"
    "7ca97d157d607dd47e1c7edf7f5f7fc7804880c1812681a6820c824d82ad8328837c83f8845784f5856785b7865e"
    "871087a08804888488ec897b89d78a5d8abf8b1d8b708bde8c548ca98d1e8d728e1c8e8e8eec8f6f8ffd907d90dc"
    "9178920692b9935f93d1945594c1955495ee965e96ee973e979597fb985098ce996d99bf9a4d9aa49b3e9baa9c0e"
    "9c9a9d289da89e139e959f019f9ea025a084a121a1b8a25aa31da3c4a444a4c8a536a5a9a635a6e1a758a7efa850"
    "a8aaa91aa99ca9fbaa7cab11ab76abffac5cacf9ad70adc5ae5aaef0af5fafc8b056b0cab15cb1e8b26eb2efb361"
    "b3d6b47bb4fdb564b5fab67fb70fb79eb854b90eb98fba12ba8bbb02bb88bc06bcb4bd32bdc5be16be6cbecfbf3a"
    "bfa6bffbc06dc0f3c155c1e7c241c2e7c363c3d4c45ec4fcc582c5efc67ac6fac7a0c82dc89dc92cc9aeca33cad9"
    "cb4dcbd1cc5bccdccd60cdeece83cf20cf88d022d0b6d152d1f0d28bd346d3ebd482d4f1d56dd5fdd68cd729d7c7"
    "d85fd8d2d95fd9c8da1fda65dac3db29db7edbd4dc58dce0dd38dd7edde6de2cde84ded6df41dfafdffbe057e0b3"
    "e129e18fe1dbe23be296e301e36de3d6e422e474e4c4e538e592e5e0e637e690e6e9e73ce7b0e817e867e8c7e922"
    "e95ee9ade9f7ea53eabaeb23eb82ebedec4eeca7ed00ed45eda6edffee5deeaeeefdef5eefabeff7f049f09cf0ff"
    "f14ef19cf1fcf256f2a6f2fdf352f616f89ffb15fccffdf5febcff3cff86ffafffd6ffebfff7fff8fffafffafffb"
    "fffbfffcfffcfffcfffcfffdfffdfffefffeffffffffffffffffffffffffffffffffffffffffffff"
)
_WIN: Table = _decode(_TABLE) if _TABLE else [[(v / NV) ** 3 for v in range(NV)] for _ in range(SHOWS)]


# ------------------------------------------------------------------ shows won and bids

ALPHA = 1.5  # medium: a point, in base prices (a step towards the 5 points of C-10)
BETA = 0.8  # a goal costs 1B unless you win the match (C-12)
GAMMA = 0.3  # a WATI: a fifth of a point, and the tie-break of C-10
SPECIAL = 2 * (SEATS - 1)  # C-9: 2B from (or to) each of the three others
TEMPERATURE = 4.0  # how sharply the opponent model prefers its best bid
KAPPA = 0.8  # match value: a seat's chance to win the match grows as exp(KAPPA × points)
# What a fresh deal is worth, so a six-pairs hand worth less is declared (C-4): the
# mean over random hands of medium's best bid utility (3,000 hands), and of hard's
# best expected change of match value at the start of a match (80 hands; negative,
# as the others' points count against it).
FRESH_DEAL = 0.62
FRESH_DEAL_HARD = -0.08


def win_chances(vals: list[int], w: Table | None = None) -> list[float]:
    """The table's chance of winning each show with sets of these value ranks (show order)."""
    t = w or _WIN
    return [t[k][vals[k]] for k in range(SHOWS)]


def shows_distribution(p: list[float]) -> list[float]:
    """P(exactly w shows won), w = 0 … 4, treating the shows as independent."""
    dist = [1.0, 0.0, 0.0, 0.0, 0.0]
    for q in p:
        for w in range(SHOWS, 0, -1):
            dist[w] = dist[w] * (1 - q) + dist[w - 1] * q
        dist[0] *= 1 - q
    return dist


def bid_utilities(dist: list[float]) -> list[float]:
    """Medium's value of each bid 0 … 4 for a distribution of shows won (C-8, C-9 bid 4),
    ignoring the match state: points, goals and WATI at fixed prices."""
    out = [0.0]
    for b in range(1, MAX_BID):
        u = 0.0
        for w, p in enumerate(dist):
            u += p * (b * ALPHA + (w - b) * GAMMA if w >= b else -b * (ALPHA + BETA))
        out.append(u)
    out.append(SPECIAL * (2 * dist[SHOWS] - 1))  # struck: only the 2B payments count
    return out


def _softmax(us: list[float]) -> list[float]:
    top = max(us)
    es = [math.exp(TEMPERATURE * (u - top)) for u in us]
    total = sum(es)
    return [e / total for e in es]


def play_shows(vals: list[list[int]]) -> list[int]:
    """Shows won per seat (C-7) from each seat's set value ranks in show order;
    a complete tie is won by nobody. (The leader never changes who wins.)"""
    won = [0] * SEATS
    for k in range(SHOWS):
        top, who, tied = -1, -1, False
        for s in range(SEATS):
            v = vals[s][k]
            if v > top:
                top, who, tied = v, s, False
            elif v == top:
                tied = True
        if not tied:
            won[who] += 1
    return won


def score_deal(bids: list[int], won: list[int], points: list[int], carry: list[int],
               wati: list[int], goals: list[int]) -> tuple[list[int], list[int], list[int], list[int]]:
    """C-8/C-9 for one deal: (points, lifetime WATI, goals, payments) afterwards.

    A private copy of the engine's scoring for fast search; a test checks that it
    agrees with the engine on random deals.
    """
    pay = [0] * SEATS
    special = False
    four_paid = set()
    for s in range(SEATS):
        if bids[s] == MAX_BID:
            sign = 2 if won[s] == SHOWS else -2
            special = True
            if sign > 0:
                four_paid.add(s)
            for o in range(SEATS):
                pay[o] -= sign
            pay[s] += SEATS * sign
    if min(bids) > 0:
        made = [s for s in range(SEATS) if won[s] >= bids[s]]
        if len(made) == 1:
            special = True
            if made[0] not in four_paid:
                for o in range(SEATS):
                    pay[o] -= 2
                pay[made[0]] += 2 * SEATS
    if special:
        return list(points), list(wati), list(goals), pay
    pts, wt, gl = list(points), list(wati), list(goals)
    for s in range(SEATS):
        b, w = bids[s], won[s]
        if b == 0:
            continue
        if w == b:
            pts[s] += b
        elif w > b:
            wt[s] += w - b
            pts[s] += b + (carry[s] + w - b) // 5
        else:
            pts[s] -= b
            gl[s] += b
    return pts, wt, gl, pay


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def match_value(seat: int, points: list[int], wati: list[int], goals: list[int]) -> float:
    """What the rest of the match is worth to ``seat`` in base prices (C-10 … C-12).

    A seat on 5+ points wins as C-10 says; otherwise each seat wins with a chance
    growing as exp(KAPPA × points). A loser pays its place (1B … 3B), doubled when
    its final points are negative, plus its goals (C-12). Points still move before
    the end, so places and signs are smoothed: seat l finishes ahead of seat m with
    chance sigmoid(points_l - points_m), and below zero with sigmoid(-2.2 - 1.2 points)
    (fitted to medium self-play: 10% of losers on 0 points end negative, 29% on -1,
    46% on -2; KAPPA too: 0.8 fits who won from each deal's standing, 400 matches).
    """
    over = [s for s in range(SEATS) if points[s] >= GOAL]
    if over:
        top = max(wati[s] for s in over)
        over = [s for s in over if wati[s] == top]
        top = max(points[s] for s in over)
        over = [s for s in over if points[s] == top]
        chances = [1.0 / len(over) if s in over else 0.0 for s in range(SEATS)]
        final = True
    else:
        es = [math.exp(KAPPA * p) for p in points]
        total = sum(es)
        chances = [e / total for e in es]
        final = False
    value = 0.0
    for j in range(SEATS):
        if chances[j] == 0.0:
            continue
        owed = [0.0] * SEATS
        for s in range(SEATS):
            if s == j:
                continue
            place = 1.0
            for o in range(SEATS):
                if o != s and o != j:
                    if final:
                        mine, theirs = (points[s], wati[s], -goals[s]), (points[o], wati[o], -goals[o])
                        place += 1.0 if theirs > mine else 0.5 if theirs == mine else 0.0
                    else:
                        place += _sigmoid(points[o] - points[s])
            negative = (1.0 if points[s] < 0 else 0.0) if final else _sigmoid(-2.2 - 1.2 * points[s])
            owed[s] = place * (1.0 + negative) + goals[s]
        value += chances[j] * (sum(owed) if j == seat else -owed[seat])
    return value


# ------------------------------------------------------------------ reading the view


def _hand(view: View) -> list[int]:
    return [FRENCH.parse(c) for c in view["hand"]]


def _arrange_words(seat: int, sets: list[list[int]], discard: int) -> str:
    words = " / ".join(" ".join(FRENCH.codes(s)) for s in sets)
    return f"{seat} arrange {words} / {FRENCH.code(discard)}"


def _arranged_vals(view: View) -> list[int]:
    arrangement = view["arrangement"]
    return [hand_vrank([FRENCH.parse(c) for c in s]) for s in arrangement["sets"]]


def _bid_action(view: View, number: int) -> str:
    return f"{view['seat']} bid {number}"


def _wants_arrangement(view: View) -> bool:
    return bool(view["phase"] == "arrange" and view["arrangement"] is None)


def suggest_arrangement(view: View) -> Decision:
    """The table's "suggest" button: the optimiser's split, with the categories named."""
    score, sets, discard, _ = optimise(_hand(view))
    return Decision(_arrange_words(view["seat"], sets, discard), "hint.call-kitti.arrange", {
        "categories": [set_category(s) for s in sets],
        "card": FRENCH.code(discard), "deck": "french", "expected": round(score, 1)})


def suggest_bid(view: View, budget: Budget | None = None, seed: int | None = 0) -> Decision:
    """The bid hint: the hard bot's bid with its reason."""
    return HardBot(seed, budget).decide(view)


# ------------------------------------------------------------------ the bots


class RandomCallKittiBot(Bot):
    """A uniformly random split (as ``CallKitti.random_action``), else a random listed action."""

    level = "random"

    def choose(self, view: View) -> Decision:
        if _wants_arrangement(view):
            cards = _hand(view)
            self.rng.shuffle(cards)
            return Decision(_arrange_words(view["seat"], [cards[i:i + 3] for i in range(0, 12, 3)], cards[12]))
        return Decision(self.rng.choice(view["legal"]))


class EasyBot(Bot):
    """Greedy sets, a rounded bid with noise, never declares: a casual player."""

    level = "easy"

    def choose(self, view: View) -> Decision:
        if _wants_arrangement(view):
            sets, discard, vals = greedy(_hand(view))
            return Decision(_arrange_words(view["seat"], sets, discard), "hint.call-kitti.arrange",
                            {"categories": [set_category(s) for s in sets],
                             "card": FRENCH.code(discard), "deck": "french",
                             "expected": round(sum(win_chances(vals)), 1)})
        chances = win_chances(_arranged_vals(view))
        # a casual estimate: the expected shows won, rounded with some noise, never 4
        number = max(0, min(3, int(sum(chances) + 0.5 + self.rng.uniform(-0.7, 0.7))))
        return _bid_decision(view, number, shows_distribution(chances))


class MediumBot(Bot):
    """The optimiser's split; the bid with the best table utility; six pairs declared
    when the hand is worth less than a fresh deal."""

    level = "medium"

    def choose(self, view: View) -> Decision:
        legal = view["legal"]
        if _wants_arrangement(view) or (view["phase"] == "bid" and "declare" in " ".join(legal)):
            vals = optimise(_hand(view))[3]
            utilities = bid_utilities(shows_distribution(win_chances(vals)))
            if view["may_declare"] and max(utilities) < FRESH_DEAL:
                return Decision(f"{view['seat']} declare", "hint.call-kitti.declare", {})
            if _wants_arrangement(view):
                return suggest_arrangement(view)
        dist = shows_distribution(win_chances(_arranged_vals(view)))
        utilities = bid_utilities(dist)
        number = max(range(MAX_BID + 1), key=lambda b: (utilities[b], -b))
        return _bid_decision(view, number, dist)


def _bid_decision(view: View, number: int, dist: list[float]) -> Decision:
    expected = sum(w * p for w, p in enumerate(dist))
    chance = round(100 * sum(dist[number:]))
    key = "hint.call-kitti." + ("bid_zero" if number == 0 else "bid_four" if number == MAX_BID else "bid")
    return Decision(_bid_action(view, number), key,
                    {"number": number, "expected": round(expected, 1), "chance": chance})


class _Pool:
    """Sampled hands of the three others for one decision (see :meth:`HardBot._pool`)."""

    def __init__(self, others: list[int]) -> None:
        self.others = others
        self.vals: dict[int, list[list[int]]] = {s: [] for s in others}
        self.weight: dict[int, list[float]] = {s: [] for s in others}
        self.bid: dict[int, list[int]] = {s: [] for s in others}
        self.picks: dict[int, list[int]] = {}

    def __len__(self) -> int:
        return len(self.vals[self.others[0]])


class HardBot(Bot):
    """The optimiser's best splits, judged by money; declaration and bid from sampled
    opponents (see the module doc)."""

    level = "hard"
    CANDIDATES = 4  # splits compared by money when arranging

    def __init__(self, seed: int | None = None, budget: Budget | None = None) -> None:
        super().__init__(seed, budget or Budget(samples=ARENA_SAMPLES))
        self._deadline: float | None = None

    def steps(self, view: View) -> Steps:
        seat = view["seat"]
        may_declare = bool(view["may_declare"]) and f"{seat} declare" in view["legal"]
        now = match_value(seat, view["points"], view["wati"], view["goals"])
        seconds = self.budget.seconds if self.budget is not None else None
        self._deadline = None if seconds is None else time.perf_counter() + seconds
        # arranging compares several splits on the same worlds: less time for the pool
        pool = yield from self._pool(view, 0.35 if _wants_arrangement(view) else 0.6)
        if _wants_arrangement(view):
            cards = _sorted_hand(_hand(view))
            masks, vals = _triples(cards)
            best: tuple[float, int] | None = None
            tops = _search_top(masks, vals, _WIN, self.CANDIDATES)
            for i, (_, idx) in enumerate(tops):
                utilities, _ = yield from self._worlds(view, pool, [vals[t] for t in idx])
                if best is None or max(utilities) > best[0] + 0.02:  # prefer more shows on a near tie
                    best = (max(utilities), i)
            assert best is not None
            if may_declare and best[0] - now < FRESH_DEAL_HARD:
                return Decision(f"{seat} declare", "hint.call-kitti.declare", {})
            score, idx = tops[best[1]]
            sets, discard = _split(cards, masks, idx)
            return Decision(_arrange_words(seat, sets, discard), "hint.call-kitti.arrange", {
                "categories": [set_category(t) for t in sets],
                "card": FRENCH.code(discard), "deck": "french", "expected": round(score, 1)})
        utilities, dist = yield from self._worlds(view, pool, _arranged_vals(view))
        if may_declare and max(utilities) - now < FRESH_DEAL_HARD:
            return Decision(f"{seat} declare", "hint.call-kitti.declare", {})
        number = max(range(MAX_BID + 1), key=lambda b: (utilities[b], -b))
        return _bid_decision(view, number, dist)

    def _pool(self, view: View, share: float) -> Generator[None, None, _Pool]:
        """Sampled deals: the 39 cards I cannot see dealt to the three others, each
        hand arranged by the optimiser. A hand is weighted by how well it explains
        the bid its seat made (a softmax over medium's bid utilities); a seat still
        to bid is given the bid that model prefers. Yields after each deal."""
        seat = view["seat"]
        known = view["bids"]
        own = set(_hand(view))
        if view["arrangement"] is not None:
            own |= {FRENCH.parse(c) for s in view["arrangement"]["sets"] for c in s}
            own.add(FRENCH.parse(view["arrangement"]["discard"]))
        unseen = [c for c in range(52) if c not in own]
        pool = _Pool([s for s in range(SEATS) if s != seat])
        budget = self.budget or Budget(samples=ARENA_SAMPLES)
        start = time.perf_counter()
        while len(pool) < max(1, budget.samples):
            self.rng.shuffle(unseen)
            for i, s in enumerate(pool.others):
                _, v = _fast_vals(unseen[i * HAND:(i + 1) * HAND], _WIN)
                us = bid_utilities(shows_distribution(win_chances(v)))
                pool.vals[s].append(v)
                known_bid = known[s]
                pool.weight[s].append(1.0 if known_bid is None else _softmax(us)[known_bid])
                pool.bid[s].append(max(range(MAX_BID + 1), key=lambda b: (us[b], -b)))
            if budget.seconds is not None and time.perf_counter() - start > budget.seconds * share:
                break
            yield
        n = len(pool)
        for s in pool.others:
            weights = pool.weight[s]
            pool.picks[s] = self.rng.choices(range(n), weights=weights if sum(weights) > 0 else None,
                                             k=n * WORLDS_PER_SAMPLE)
        return pool

    def _worlds(self, view: View, pool: _Pool, mine: list[int]) -> Generator[
            None, None, tuple[list[float], list[float]]]:
        """The expected match value of each bid 0 … 4 with sets ``mine``, and my
        distribution of shows won, over worlds that mix one pooled hand per seat
        (drawn by weight). The mix ignores that two others cannot hold the same
        card, which matters far less than the cards I hold myself, and gives many
        more worlds per arranged hand."""
        seat = view["seat"]
        known = view["bids"]
        points, wati, goals = list(view["points"]), list(view["wati"]), list(view["goals"])
        carry = list(view["wati_carry"])
        worlds = len(pool.picks[pool.others[0]])
        dist = [0.0] * (SHOWS + 1)
        memo: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}
        vals: list[list[int]] = [mine] * SEATS
        bids = [0] * SEATS
        drawn = iter(range(worlds))

        def world() -> tuple[int, ...]:
            """The next pooled world: how many shows each seat wins in it."""
            x = next(drawn)
            for s in pool.others:
                i = pool.picks[s][x]
                vals[s] = pool.vals[s][i]
                known_bid = known[s]
                bids[s] = pool.bid[s][i] if known_bid is None else known_bid
            won = tuple(play_shows(vals))
            dist[won[seat]] += 1
            return won

        def value(won: tuple[int, ...], b: int) -> float:
            bids[seat] = b
            key = (tuple(bids), won)
            u = memo.get(key)
            if u is None:
                pts, wt, gl, pay = score_deal(bids, list(won), points, carry, wati, goals)
                u = memo[key] = pay[seat] + match_value(seat, pts, wt, gl)
            return u

        left = None if self._deadline is None else max(0.0, self._deadline - time.perf_counter())
        tally = yield from sampled_values(list(range(MAX_BID + 1)), world, value, samples=worlds, seconds=left)
        worlds = max(tally.worlds, 1)
        return [tally.total(b) / worlds for b in range(MAX_BID + 1)], [d / worlds for d in dist]


register("call-kitti", RandomCallKittiBot, EasyBot, MediumBot, HardBot)
