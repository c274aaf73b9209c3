"""The card table's Python side: runs the engine and the bots in the page.

It never decides a rule: legality comes from ``match.legal_actions`` and
``match.check``, and what a seat sees from ``match.view(seat)``. It turns those
into a plain JSON model that web/js/table/table.js draws.
"""
