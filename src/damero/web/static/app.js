// The page's entry: it loads the words and shows the page the address names.
import { accountPage, loadAccount, logInPage, showAccount, signUpPage } from "./account.js";
import { analysePage } from "./analyse.js";
import { silence } from "./announce.js";
import { changeLanguage, disconnect, html, languageChoice, loadWords, main, navigate, say, setKeys, setNetwork, setRouter } from "./common.js";
import { frontPage } from "./front.js";
import { gamePage } from "./play.js";
import { playerPage } from "./player.js";
import { replayOf, uploadedReplay } from "./replay.js";
import { rulesPage } from "./rules.js";
import { startSettings } from "./settings.js";

// What the server found nothing for at the address it answered with status 404 ("game",
// "player", "page"), while the page is still at that address.
const missing = document.body.dataset.missing;
const missingAt = location.pathname;

// The page saying there is nothing at this address, in the page's language, with a way home.
function missingPage(what) {
  const home = html("a", { href: "/", onclick: (event) => { event.preventDefault(); navigate("/"); } }, say("page.back_home"));
  main.replaceChildren(html("h1", {}, say("page.missing_title")), html("p", { id: "missing" }, say(`page.missing_${what}`)), html("p", {}, home));
}

async function route() {
  disconnect();
  setKeys(null);
  setNetwork(null);
  const path = location.pathname;
  languageChoice.onchange = async () => { silence(); await changeLanguage(); showAccount(); route(); };
  if (missing && path === missingAt) { missingPage(missing); return; }
  const game = path.match(/^\/play\/([\w-]+)$/);
  const replay = path.match(/^\/replay\/([\w-]+)$/);
  const player = path.match(/^\/@\/([\w-]+)$/);
  if (game) gamePage(game[1]);
  else if (replay) await replayOf(replay[1]);
  else if (path === "/replay") await uploadedReplay();
  else if (path === "/rules") await rulesPage();
  else if (path === "/analyse") await analysePage();
  else if (player) await playerPage(player[1]);
  else if (path === "/login") logInPage();
  else if (path === "/signup") signUpPage();
  else if (path === "/account") await accountPage();
  else if (path === "/") await frontPage();
  else missingPage("page");
}

startSettings();
setRouter(route);
window.addEventListener("popstate", route);
await loadWords();
await loadAccount();
route();
