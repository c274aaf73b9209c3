// A friends table's code: four words from this list (256 of them: 32 bits), easy to read
// aloud and hard to guess while the table is open. The words are English in every
// language: the code is the same thing for everyone at the table.
export const WORDS = [
  "acorn", "actor", "adobe", "agent", "alarm", "album", "alley", "amber", "angel", "ankle", "apple", "apron",
  "arena", "arrow", "aspen", "atlas", "attic", "award", "bacon", "badge", "bagel", "baker", "bamboo",
  "banjo", "barn", "basil", "basin", "beach", "beard", "beaver", "bell", "berry", "bison", "blade",
  "blanket", "blaze", "bloom", "board", "boat", "bonus", "boot", "border", "bottle", "bramble", "brass",
  "bread", "brick", "bridge", "brook", "broom", "bubble", "bucket", "buffalo", "bugle", "bunny", "butter",
  "button", "cabin", "cactus", "camel", "camera", "candle", "canoe", "canyon", "captain", "carpet", "carrot",
  "castle", "cedar", "cellar", "cereal", "chalk", "cherry", "chess", "chimney", "cider", "circle", "citrus",
  "clock", "cloud", "clover", "coast", "cobra", "cocoa", "comet", "copper", "coral", "cotton", "cousin",
  "coyote", "crane", "crayon", "cricket", "crown", "cube", "cupcake", "curtain", "daisy", "dancer", "delta",
  "desert", "diamond", "dinner", "dolphin", "donkey", "dragon", "drum", "duck", "eagle", "easel", "echo",
  "elbow", "ember", "engine", "falcon", "feather", "fiddle", "field", "finch", "flame", "flute", "forest",
  "fossil", "fountain", "fox", "garden", "garlic", "gecko", "giant", "ginger", "glacier", "globe", "goose",
  "grape", "gravel", "guitar", "hammer", "harbor", "hazel", "helmet", "heron", "honey", "hotel", "igloo",
  "island", "ivory", "jacket", "jaguar", "jelly", "jigsaw", "jungle", "kayak", "kettle", "kiwi", "koala",
  "ladder", "lagoon", "lantern", "lemon", "lily", "lion", "lobster", "locket", "magnet", "mango", "maple",
  "marble", "meadow", "melon", "mirror", "mitten", "monkey", "moose", "mosaic", "muffin", "mustard",
  "napkin", "nectar", "needle", "nest", "noodle", "oasis", "ocean", "olive", "onion", "orbit", "orchid",
  "otter", "owl", "paddle", "palace", "panda", "panther", "parrot", "pasta", "peach", "peanut", "pebble",
  "pelican", "pencil", "pepper", "piano", "pickle", "pigeon", "pillow", "pine", "pirate", "planet", "plum",
  "pocket", "pony", "potato", "pumpkin", "puzzle", "quail", "quilt", "rabbit", "radio", "raft", "rainbow",
  "raven", "river", "robin", "rocket", "saddle", "salmon", "sandal", "saturn", "scarf", "shell", "shovel",
  "silver", "skate", "sled", "sparrow", "spider", "spoon", "squirrel", "stamp", "star", "statue", "stone",
  "storm", "sugar", "summit", "sunset", "swan", "table", "tiger", "toast", "tomato", "torch", "tractor",
  "trumpet", "tulip", "tunnel",
];

/** A new table code, "maple-otter-violin-comet". */
export function newCode() {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return Array.from(bytes, (b) => WORDS[b]).join("-");
}

/**
 * A code as someone typed it (any case, spaces or dashes between the words): the code, or
 * null if it is not four words of the list.
 * @param {unknown} text
 * @returns {string | null}
 */
export function readCode(text) {
  const words = String(text || "").toLowerCase().split(/[^a-z]+/).filter(Boolean);
  return words.length === 4 && words.every((w) => WORDS.includes(w)) ? words.join("-") : null;
}
