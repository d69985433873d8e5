// What every part of the page shares: the language and its words, building elements, and
// moving between pages without a reload. It knows no rule of any game.
export const main = document.getElementById("main");
export const languageChoice = document.getElementById("language");
export let language = localStorage.getItem("damero.lang") || (navigator.language || "en").slice(0, 2);
if (!["en", "es"].includes(language)) language = "en";
languageChoice.value = language;
document.documentElement.lang = language;
let words = {};
// `{name}` takes its value; `{name!c}` with a capital first letter, for a name that starts a
// sentence, as the server's catalogue writes it (damero/i18n).
export const say = (key, values = {}) => (words[key] || key).replace(/\{(\w+)(!c)?\}/g, (_, name, capital) => {
  const text = String(values[name] ?? "");
  return capital ? text.charAt(0).toUpperCase() + text.slice(1) : text;
});
// A message sent as its key, then its values in the order of their names (protocol.py,
// message_json), which its words name; a value that is a message itself in that form.
export function sayMessage([key, ...values]) {
  const names = [...new Set([...(words[key] || "").matchAll(/\{(\w+)(!c)?\}/g)].map((found) => found[1]))].sort();
  return say(key, Object.fromEntries(names.map((name, index) =>
    [name, Array.isArray(values[index]) ? sayMessage(values[index]) : values[index]])));
}

export async function loadWords() {
  words = await (await fetch(`/api/messages?lang=${language}`)).json();
  document.title = say("page.title");
  for (const node of document.querySelectorAll("[data-text]")) node.textContent = say(node.dataset.text);
  measureHeader();
}

// The header's height, which the board leaves free so that it fits the screen without scrolling.
const header = document.querySelector("header");
function measureHeader() { document.documentElement.style.setProperty("--header", `${header.offsetHeight}px`); }
window.addEventListener("resize", measureHeader);

// The keys the page shown handles anywhere on it but a board's cells (the arrows stepping through
// moves); each page sets its own, and routing clears them.
let keys = null;
export function setKeys(handler) { keys = handler; }
document.addEventListener("keydown", (event) => {
  if (!keys || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;  // a board's cell took it
  if (event.target.closest("input, select, textarea")) return;
  keys(event);
});

// The page shown's answer to the browser going offline (`up` false) and coming back: a game's page
// drops its socket at once, since an offline browser may hold it open without sending anything.
let network = null;
export function setNetwork(handler) { network = handler; }
window.addEventListener("offline", () => { if (network) network(false); });
window.addEventListener("online", () => { if (network) network(true); });

export async function changeLanguage() {
  language = languageChoice.value;
  localStorage.setItem("damero.lang", language);
  document.documentElement.lang = language;
  await loadWords();
}

export function html(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}

// An SVG element with `attributes`, added to `parent` if one is given.
export function svg(parent, name, attributes = {}) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", name);
  for (const [attribute, value] of Object.entries(attributes)) node.setAttribute(attribute, value);
  if (parent) parent.append(node);
  return node;
}

// The page's one open socket, if any: whichever page is shown owns it, and leaving closes it.
let connection = null;
export const connected = () => connection;
export function adopt(socket) { connection = socket; }
export function disconnect() {
  const closing = connection; connection = null; if (closing) closing.close();
}

// Moving to another address re-routes the page; app.js sets the router.
let router = async () => {};
export function setRouter(route) { router = route; }
export async function navigate(path) { history.pushState({}, "", path); await router(); }
