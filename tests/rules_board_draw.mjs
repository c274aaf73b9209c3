// Draws rules-page example boards with web/js/rules/lesson-board.js under Node, for
// tests/test_rules_board_same.py: the JS half of the golden test that holds the page's
// Python-drawn first position (web/gen/rules_board.py) and the JS-drawn steps equal.
// Usage: node rules_board_draw.mjs <lesson-board.js> < pages.json > boards.json
// pages.json: [{ui, cards, deck, lang, base, rules, examples: [{names, deck, steps}]}]
// boards.json: for each page, for each example, the markup of every (expanded) step.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const { Words, boardHtml, expand } = await import(pathToFileURL(process.argv[2]).href);
const pages = JSON.parse(readFileSync(0, "utf-8"));
const out = pages.map((p) => {
  // as web/js/rules/example.js builds it from the page's rules-config
  const words = new Words(p.ui, p.cards[p.deck], p.deck, p.lang, p.rules);
  return p.examples.map((ex) => expand(ex.steps).map((step) => boardHtml(step, ex.names, ex.deck, words, p.base)));
});
process.stdout.write(JSON.stringify(out));
