// The page's own settings in the header, each remembered: the colour scheme (as the device says,
// light or dark) and the sound, off until the player switches it on.
import { setSound, soundOn } from "./announce.js";

const SCHEME = "damero.scheme";

export function startSettings() {
  const scheme = document.getElementById("scheme");
  const sound = document.getElementById("sound");
  const apply = () => {
    if (scheme.value === "auto") delete document.documentElement.dataset.scheme;
    else document.documentElement.dataset.scheme = scheme.value;
  };
  scheme.value = localStorage.getItem(SCHEME) || "auto";
  apply();
  scheme.addEventListener("change", () => { localStorage.setItem(SCHEME, scheme.value); apply(); });
  sound.checked = soundOn();
  sound.addEventListener("change", () => setSound(sound.checked));
}
