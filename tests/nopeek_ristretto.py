"""A pure-Python ristretto255 (RFC 9496 §4), written from the RFC for the tests: the second,
independent implementation the no-peek deal's transcripts are checked with (the page uses
@noble/curves). Slow and not constant-time: for checking, never for secrets in play.

Points are extended Edwards coordinates (X, Y, Z, T) on edwards25519 (a = -1), compared and
encoded as ristretto255 elements; scalars are ints mod L."""

from __future__ import annotations

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
D = -121665 * pow(121666, -1, P) % P
# RFC 9496 §4.1's constants, each checked against its definition below
SQRT_M1 = 19681161376707505956807079304988542015446066515923890162744021073123829784752
SQRT_AD_MINUS_ONE = 25063068953384623474111414158702152701244531502492656460079210482610430750235
INVSQRT_A_MINUS_D = 54469307008909316920995813868745141605393597292927456921205312896311721017578
ONE_MINUS_D_SQ = 1159843021668779879193775521855586647937357759715417654439879720876111806838
D_MINUS_ONE_SQ = 40440834346308536858101042469323190826248399146238708352240133220865137265952
assert SQRT_M1 * SQRT_M1 % P == P - 1
assert SQRT_AD_MINUS_ONE * SQRT_AD_MINUS_ONE % P == (-D - 1) % P
assert INVSQRT_A_MINUS_D * INVSQRT_A_MINUS_D * (-1 - D) % P == 1
assert ONE_MINUS_D_SQ == (1 - D * D) % P and D_MINUS_ONE_SQ == (D - 1) * (D - 1) % P

Point = tuple[int, int, int, int]
IDENTITY: Point = (0, 1, 1, 0)


class Invalid(ValueError):
    """Bytes that are no canonical ristretto255 encoding."""


def is_negative(x: int) -> bool:
    return x % P % 2 == 1


def absolute(x: int) -> int:
    return (-x) % P if is_negative(x) else x % P


def sqrt_ratio_m1(u: int, v: int) -> tuple[bool, int]:
    """(whether u/v is a square, the non-negative root of u/v or of SQRT_M1·u/v): §4.2."""
    r = u * pow(v, 3, P) * pow(u * pow(v, 7, P), (P - 5) // 8, P) % P
    check = v * r * r % P
    correct = check == u % P
    flipped = check == (-u) % P
    flipped_i = check == (-u * SQRT_M1) % P
    if flipped or flipped_i:
        r = r * SQRT_M1 % P
    return correct or flipped, absolute(r)


def decode(data: bytes) -> Point:
    """§4.3.1."""
    if len(data) != 32:
        raise Invalid("an encoding is 32 bytes")
    s = int.from_bytes(data, "little")
    if s >= P or is_negative(s):
        raise Invalid("not a canonical non-negative field element")
    ss = s * s % P
    u1, u2 = (1 - ss) % P, (1 + ss) % P
    u2_sqr = u2 * u2 % P
    v = (-(D * u1 * u1) - u2_sqr) % P
    was_square, invsqrt = sqrt_ratio_m1(1, v * u2_sqr % P)
    den_x = invsqrt * u2 % P
    den_y = invsqrt * den_x * v % P
    x = absolute(2 * s * den_x)
    y = u1 * den_y % P
    t = x * y % P
    if not was_square or is_negative(t) or y == 0:
        raise Invalid("not the encoding of a point")
    return (x, y, 1, t)


def encode(point: Point) -> bytes:
    """§4.3.2."""
    x0, y0, z0, t0 = point
    u1 = (z0 + y0) * (z0 - y0) % P
    u2 = x0 * y0 % P
    _, invsqrt = sqrt_ratio_m1(1, u1 * u2 * u2 % P)
    den1, den2 = invsqrt * u1 % P, invsqrt * u2 % P
    z_inv = den1 * den2 * t0 % P
    if is_negative(t0 * z_inv):
        x, y, den_inv = y0 * SQRT_M1 % P, x0 * SQRT_M1 % P, den1 * INVSQRT_A_MINUS_D % P
    else:
        x, y, den_inv = x0, y0, den2
    if is_negative(x * z_inv):
        y = -y % P
    return absolute(den_inv * (z0 - y)).to_bytes(32, "little")


def equal(a: Point, b: Point) -> bool:
    """§4.3.3."""
    return (a[0] * b[1] - a[1] * b[0]) % P == 0 or (a[1] * b[1] - a[0] * b[0]) % P == 0


def add(a: Point, b: Point) -> Point:
    """Edwards addition in extended coordinates (Hisil–Wong–Carter–Dawson, a = -1): complete."""
    x1, y1, z1, t1 = a
    x2, y2, z2, t2 = b
    aa = (y1 - x1) * (y2 - x2) % P
    bb = (y1 + x1) * (y2 + x2) % P
    cc = 2 * D * t1 * t2 % P
    dd = 2 * z1 * z2 % P
    e, f, g, h = bb - aa, dd - cc, dd + cc, bb + aa
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def negate(a: Point) -> Point:
    return (-a[0] % P, a[1], a[2], -a[3] % P)


def subtract(a: Point, b: Point) -> Point:
    return add(a, negate(b))


def multiply(k: int, point: Point) -> Point:
    """k·point, by 4-bit windows."""
    table = [IDENTITY]
    for _ in range(15):
        table.append(add(table[-1], point))
    out = IDENTITY
    k %= L
    for shift in range(252, -1, -4):
        for _ in range(4):
            out = add(out, out)
        out = add(out, table[(k >> shift) & 15])
    return out


def base() -> Point:
    """The generator: §4.4 gives its encoding (A.1's second vector)."""
    return decode(bytes.fromhex("e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76"))


def elligator(t: int) -> Point:
    """MAP, §4.3.4."""
    r = SQRT_M1 * t * t % P
    u = (r + 1) * ONE_MINUS_D_SQ % P
    v = (-1 - r * D) * (r + D) % P
    was_square, s = sqrt_ratio_m1(u, v)
    s_prime = -absolute(s * t) % P
    s = s if was_square else s_prime
    c = P - 1 if was_square else r
    n = (c * (r - 1) * D_MINUS_ONE_SQ - v) % P
    w0, w1 = 2 * s * v % P, n * SQRT_AD_MINUS_ONE % P
    w2, w3 = (1 - s * s) % P, (1 + s * s) % P
    return (w0 * w3 % P, w2 * w1 % P, w1 * w3 % P, w0 * w2 % P)


def from_uniform_bytes(data: bytes) -> Point:
    """§4.3.4: each half, its top bit dropped, reduced mod p and mapped; the two points added."""
    if len(data) != 64:
        raise ValueError("the one-way map takes 64 bytes")
    halves = (int.from_bytes(data[i:i + 32], "little") & (2**255 - 1) for i in (0, 32))
    first, second = (elligator(h % P) for h in halves)
    return add(first, second)
