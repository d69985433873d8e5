// Accounts on the page: who is logged in (shown in the header), and the pages to sign up, log in
// and manage the account. The session itself is a cookie no script can read: the page only asks
// the server who it is.
import { html, language, main, navigate, say } from "./common.js";

export let me = { name: null, playing: [] };

// The name typed for anonymous seats, kept in this browser (an account's name needs none): shown
// to the other players as typed, marked as no account.
const GUEST_NAME = "damero.name";
export const guestName = () => localStorage.getItem(GUEST_NAME) || "";
export const keepGuestName = (name) => localStorage.setItem(GUEST_NAME, name);

// Asks the server who is logged in here, and shows it in the header.
export async function loadAccount() {
  try {
    me = await (await fetch("/api/account")).json();
  } catch { me = { name: null, playing: [] }; }
  showAccount();
  return me;
}

// The header's links change only when who is logged in or the language does, so that a link a
// player has focused is never swapped under them.
let shownFor = null;
export function showAccount() {
  const place = document.getElementById("account-links");
  if (!place || shownFor === `${me.name}/${language}`) return;
  shownFor = `${me.name}/${language}`;
  const link = (href, key, id) => html("a", { href, id, onclick: (event) => { event.preventDefault(); navigate(href); } }, say(key));
  if (me.name) {
    place.replaceChildren(
      html("a", { href: `/@/${me.name}`, id: "my-page", onclick: (event) => { event.preventDefault(); navigate(`/@/${me.name}`); } }, me.name),
      link("/account", "page.account", "account-link"),
      html("button", { type: "button", id: "log-out", onclick: logOut }, say("page.log_out")));
  } else {
    place.replaceChildren(link("/login", "page.log_in", "log-in-link"), link("/signup", "page.sign_up", "sign-up-link"));
  }
}

async function post(path, body) {
  const response = await fetch(`${path}?lang=${language}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body ?? {}) });
  let answer = {};
  try { answer = await response.json(); } catch { answer = { message: say("page.no_answer") }; }
  return { ok: response.ok, answer };
}

async function logOut() {
  await post("/api/account/logout");
  await loadAccount();
  await navigate("/");
}

function field(id, key, attributes) {
  const input = html("input", { id, name: id, required: true, ...attributes });
  return { input, label: html("label", { for: id }, say(key)) };
}

// A form of labelled fields whose answer, if refused, is said in its alert line.
function accountForm(id, legend, fields, submitKey, send, extra = []) {
  const error = html("p", { class: "error", id: `${id}-error`, role: "alert" });
  const done = html("p", { class: "done", id: `${id}-done`, role: "status" });
  const form = html("form", { id, class: "account-form", onsubmit: async (event) => {
    event.preventDefault();
    error.textContent = ""; done.textContent = "";
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      const failed = await send();
      if (failed) error.textContent = failed;
    } finally { button.disabled = false; }
  } }, html("fieldset", {}, html("legend", {}, say(legend)),
    ...extra, ...fields.map((f) => html("p", { class: "field" }, f.label, f.input, f.help ?? null)),
    html("button", { type: "submit", id: `${id}-submit` }, say(submitKey))), error, done);
  return { form, done };
}

export function logInPage() {
  const name = field("login-name", "page.name", { autocomplete: "username", maxlength: 20 });
  const password = field("login-password", "page.password", { type: "password", autocomplete: "current-password" });
  const { form } = accountForm("login", "page.log_in", [name, password], "page.log_in", async () => {
    const { ok, answer } = await post("/api/account/login", { name: name.input.value, password: password.input.value });
    if (!ok) return answer.message;
    await loadAccount();
    await navigate("/");
  });
  main.replaceChildren(html("h1", {}, say("page.log_in")), form,
    html("p", {}, say("page.no_account"), " ", html("a", { href: "/signup", onclick: (e) => { e.preventDefault(); navigate("/signup"); } }, say("page.sign_up"))));
  name.input.focus();
}

export function signUpPage() {
  const name = field("signup-name", "page.name", { autocomplete: "username", maxlength: 20, pattern: "[A-Za-z0-9_\\-]{3,20}", "aria-describedby": "name-rules" });
  name.help = html("span", { id: "name-rules", class: "help" }, say("page.name_rules"));
  const password = field("signup-password", "page.password", { type: "password", autocomplete: "new-password", minlength: 8, "aria-describedby": "password-rules" });
  password.help = html("span", { id: "password-rules", class: "help" }, say("page.password_rules"));
  const { form } = accountForm("signup", "page.sign_up", [name, password], "page.sign_up", async () => {
    const { ok, answer } = await post("/api/account/signup", { name: name.input.value, password: password.input.value });
    if (!ok) return answer.message;
    await loadAccount();
    await navigate("/");
  });
  main.replaceChildren(html("h1", {}, say("page.sign_up")), html("p", {}, say("page.why_account")), form,
    html("p", {}, say("page.have_account"), " ", html("a", { href: "/login", onclick: (e) => { e.preventDefault(); navigate("/login"); } }, say("page.log_in"))));
  name.input.focus();
}

export async function accountPage() {
  await loadAccount();
  if (location.pathname !== "/account") return;  // the player went elsewhere meanwhile
  if (!me.name) { await navigate("/login"); return; }
  const current = field("current-password", "page.current_password", { type: "password", autocomplete: "current-password" });
  const fresh = field("new-password", "page.new_password", { type: "password", autocomplete: "new-password", minlength: 8, "aria-describedby": "new-password-rules" });
  fresh.help = html("span", { id: "new-password-rules", class: "help" }, say("page.password_rules"));
  const change = accountForm("password", "page.change_password", [current, fresh], "page.change_password", async () => {
    const { ok, answer } = await post("/api/account/password", { password: current.input.value, new: fresh.input.value });
    if (!ok) return answer.message;
    current.input.value = fresh.input.value = "";
    change.done.textContent = say("page.password_changed");
    return null;
  });
  const confirm = field("delete-password", "page.password", { type: "password", autocomplete: "current-password" });
  const removal = accountForm("delete", "page.delete_account", [confirm], "page.delete_account", async () => {
    const { ok, answer } = await post("/api/account/delete", { password: confirm.input.value });
    if (!ok) return answer.message;
    await loadAccount();
    await navigate("/");
    return null;
  }, [html("p", { id: "delete-warning" }, say("page.delete_sure"))]);
  main.replaceChildren(html("h1", {}, say("page.account_of", { name: me.name })),
    html("p", {}, html("a", { href: `/@/${me.name}`, onclick: (e) => { e.preventDefault(); navigate(`/@/${me.name}`); } }, say("page.your_page"))),
    change.form, removal.form, html("p", { class: "help" }, say("page.stored_about_you")));
}
