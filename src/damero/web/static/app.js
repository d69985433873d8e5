// The page's entry: it loads the words and shows the page the address names.
import { accountPage, loadAccount, logInPage, showAccount, signUpPage } from "./account.js";
import { analysePage } from "./analyse.js";
import { silence } from "./announce.js";
import { changeLanguage, disconnect, languageChoice, loadWords, setKeys, setRouter } from "./common.js";
import { frontPage } from "./front.js";
import { gamePage } from "./play.js";
import { playerPage } from "./player.js";
import { replayOf } from "./replay.js";
import { rulesPage } from "./rules.js";
import { startSettings } from "./settings.js";

async function route() {
  disconnect();
  setKeys(null);
  const path = location.pathname;
  const game = path.match(/^\/play\/([\w-]+)$/);
  const replay = path.match(/^\/replay\/([\w-]+)$/);
  const player = path.match(/^\/@\/([\w-]+)$/);
  languageChoice.onchange = async () => { silence(); await changeLanguage(); showAccount(); route(); };
  if (game) gamePage(game[1]);
  else if (replay) await replayOf(replay[1]);
  else if (path === "/rules") await rulesPage();
  else if (path === "/analyse") await analysePage();
  else if (player) await playerPage(player[1]);
  else if (path === "/login") logInPage();
  else if (path === "/signup") signUpPage();
  else if (path === "/account") await accountPage();
  else await frontPage();
}

startSettings();
setRouter(route);
window.addEventListener("popstate", route);
await loadWords();
await loadAccount();
route();
