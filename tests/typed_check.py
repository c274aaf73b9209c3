"""Does a JSON value fit a type? The checker that holds views (``engine/views.py``) and
events (``engine/event_types.py``) to their declared TypedDicts, key for key."""

from __future__ import annotations

import functools
import types
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

from engine.views import EventView


@functools.cache
def _fields(hint: Any) -> dict[str, Any]:
    """A TypedDict's keys and their types (evaluating them is slow: once per type)."""
    return get_type_hints(hint)


def problems(value: Any, hint: Any, where: str) -> list[str]:
    """Where ``value`` does not fit the type ``hint`` (an empty list when it fits)."""
    if hint is Any:
        return []
    origin = get_origin(hint)
    if origin is Literal:
        return [] if value in get_args(hint) else [f"{where}: {value!r} is not one of {get_args(hint)}"]
    if origin in (Union, types.UnionType):
        options = [problems(value, h, where) for h in get_args(hint)]
        return [] if any(not p for p in options) else [f"{where}: {value!r} fits none of {hint}"]
    if hint is None or hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        fields = _fields(hint)
        out = []
        extra = set(value) - set(fields)
        if extra and hint is not EventView:  # an event carries its own data beside its kind
            out.append(f"{where}: keys not declared: {sorted(extra)}")
        missing = hint.__required_keys__ - set(value)
        if missing:
            out.append(f"{where}: keys missing: {sorted(missing)}")
        for key in set(fields) & set(value):
            out += problems(value[key], fields[key], f"{where}.{key}")
        return out
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        (item,) = get_args(hint)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        key_type, item = get_args(hint)
        return [p for k, v in value.items() for p in problems(k, key_type, f"{where} key") + problems(v, item, f"{where}[{k!r}]")]
    if hint is int:  # a bool is an int to Python, but not in a view
        return [] if isinstance(value, int) and not isinstance(value, bool) else [f"{where}: {value!r} is not an int"]
    if isinstance(hint, type):
        return [] if isinstance(value, hint) else [f"{where}: {value!r} is not a {hint.__name__}"]
    raise AssertionError(f"the checker does not know {hint!r}")  # pragma: no cover
