// The settings dialog (the gear in the page's header and among the table's tools): one
// form, each change applied at once and remembered (settings.js). Words from the
// catalogues (web.settings.*), redrawn when the language changes while it is open.
import { t, el, onLanguage } from "./i18n.js";
import * as settings from "./settings.js";

const ID = "settings-dialog";

function radios(key, help = null) {
  const now = settings.get()[key];
  const helpId = `set-${key}-help`;
  return el("fieldset", { class: "settings-group", id: `set-${key}`, "aria-describedby": help ? helpId : null },
    el("legend", { text: t(`web.settings.${key}`) }),
    help ? el("p", { class: "help", id: helpId, text: help }) : null,
    el("div", { class: "settings-choices" }, ...settings.CHOICES[key].map((value) =>
      el("label", { class: "settings-choice" },
        el("input", { type: "radio", name: key, value, checked: value === now }),
        el("span", { text: t(`web.settings.${key}.${value}`) })))));
}

function checkbox(key, help = true) {
  const on = settings.get()[key] === settings.CHOICES[key][1];
  const helpId = `set-${key}-help`;
  return el("div", { class: "field check settings-check" },
    el("input", { type: "checkbox", id: `set-${key}`, name: key, checked: on, "aria-describedby": help ? helpId : null }),
    el("label", { for: `set-${key}`, text: t(`web.settings.${key}`) }),
    help ? el("p", { class: "help", id: helpId, text: t(`web.settings.${key}.help`) }) : null);
}

function volume() {
  const v = settings.get().volume;
  const out = el("output", { for: "set-volume", id: "set-volume-value", text: t("web.settings.volume.value", { n: v }) });
  return el("div", { class: "field settings-volume" },
    el("label", { for: "set-volume", text: t("web.settings.volume") }),
    el("div", { class: "settings-range" },
      el("input", { type: "range", id: "set-volume", name: "volume", min: 0, max: 100, step: 5, value: v,
        "aria-valuetext": t("web.settings.volume.value", { n: v }) }),
      out));
}

function fields() {
  return [
    radios("pace", t("web.settings.pace.help")), // (the hard bot thinks within the normal pace's pause)
    radios("afterTrick"),
    checkbox("onlyCard"),
    radios("cardSize"),
    checkbox("deck"),
    radios("theme"),
    el("fieldset", { class: "settings-group", id: "set-sound-group" },
      el("legend", { text: t("web.settings.soundGroup") }),
      checkbox("sound", false),
      volume()),
    radios("motion", t("web.settings.motion.help")),
    el("p", { class: "help", text: t("web.settings.note") }),
    el("p", { class: "help", id: "set-offline" }), // (filled once the browser says: keptOffline)
  ];
}

/** The line that says how much the site keeps on this device (the service worker's copy of
 * the site for offline play, the saved matches…), in MB, as the browser counts it. */
async function keptOffline(d) {
  const line = d.querySelector("#set-offline");
  let usage = null;
  try {
    usage = (await navigator.storage?.estimate?.())?.usage ?? null;
  } catch { /* not said: the line says so */ }
  if (!line) return;
  const mb = usage === null ? null : (usage / 1e6).toFixed(1).replace(".", t("format.decimal_point"));
  line.textContent = mb === null ? t("web.settings.offline.unknown") : t("web.settings.offline", { size: mb });
  if (mb !== null) line.dataset.bytes = String(usage); // (tests read the number it is made of)
}

/** A form control's value as the setting it names. */
function valueOf(input) {
  const key = input.name;
  if (input.type === "checkbox") return settings.CHOICES[key][input.checked ? 1 : 0];
  if (input.type === "range") return Number(input.value);
  return input.value;
}

function render(d) {
  d.querySelector("h2").textContent = t("web.settings.title");
  d.querySelector("form.settings-form").replaceChildren(...fields());
  d.querySelector(".dialog-actions button").textContent = t("web.dialog.close");
  keptOffline(d);
}

function build() {
  const form = el("form", { class: "settings-form" });
  const d = el("dialog", { id: ID, class: "panel settings", "aria-labelledby": `${ID}-title` },
    el("h2", { id: `${ID}-title` }),
    form,
    el("form", { method: "dialog", class: "dialog-actions" },
      el("button", { type: "submit", value: "close", id: "settings-close", class: "primary" })));
  form.addEventListener("submit", (e) => e.preventDefault());
  // "input": a range applies while it is dragged, the rest as soon as they are chosen
  form.addEventListener("input", (e) => {
    const input = e.target;
    if (!input.name) return;
    settings.set(input.name, valueOf(input));
    if (input.type === "range") {
      const text = t("web.settings.volume.value", { n: input.value });
      input.setAttribute("aria-valuetext", text);
      d.querySelector("#set-volume-value").textContent = text;
    }
  });
  document.body.append(d);
  return d;
}

export function openSettings() {
  const d = document.getElementById(ID) ?? build();
  render(d);
  if (!d.open) d.showModal();
}

onLanguage(() => {
  const d = /** @type {HTMLDialogElement | null} */ (document.getElementById(ID));
  if (d?.open) render(d);
});
