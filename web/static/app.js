// A game's page: steps through its boards without reloading (buttons, slider, keyboard), and follows a
// game in progress through server-sent events. Served as a file of its own: the pages allow no inline
// script (Content-Security-Policy script-src 'self').
"use strict";

(function () {
  const article = document.getElementById("game");
  if (!article) return;
  const $ = (id) => document.getElementById(id);
  const picture = $("picture"), slider = $("slider"), previous = $("previous"), next = $("next");
  const path = article.dataset.path;
  let data = null;
  let step = Number(article.dataset.step);
  let version = article.dataset.version;

  function list(element, lines, empty) {
    const items = lines.map((html) => {
      const item = document.createElement("li");
      item.innerHTML = html; // escaped by the server: only <strong> and <code> are made there
      return item;
    });
    if (!items.length && empty) {
      const item = document.createElement("li");
      item.textContent = empty;
      items.push(item);
    }
    element.replaceChildren(...items);
  }

  let replacePending = false; // a step asked for before the steps came, to be put in the address then

  function show(number, push) {
    step = Math.max(0, Math.min(number, data ? data.total : Number(article.dataset.total)));
    if (!data) { // asked for (key, button, slider) before the steps came: shown when they do
      replacePending = replacePending || push;
      return;
    }
    const shown = data.steps[step];
    picture.src = path + "/" + step + ".png";
    picture.alt = shown.alt;
    list($("happened"), shown.happened, step === 0 ? article.dataset.dealt : null);
    list($("row"), shown.row, null);
    $("status").innerHTML = shown.status;
    const players = $("players").querySelectorAll(".player");
    shown.players.forEach((player, index) => {
      const section = players[index];
      if (!section) return;
      const lines = [player.stats, ...player.waiting];
      section.querySelectorAll("p").forEach((p) => p.remove());
      for (const html of lines) {
        const p = document.createElement("p");
        p.innerHTML = html;
        section.appendChild(p);
      }
    });
    $("step-words").textContent = data.words.step.replace("{step}", step).replace("{total}", data.total);
    $("round-words").textContent = data.words.round.replace("{round}", shown.round);
    slider.max = data.total;
    slider.value = step;
    previous.href = path + "?step=" + Math.max(step - 1, 0);
    next.href = path + "?step=" + Math.min(step + 1, data.total);
    previous.setAttribute("aria-disabled", String(step === 0));
    next.setAttribute("aria-disabled", String(step === data.total));
    article.dataset.step = String(step);
    if (push) history.replaceState(null, "", path + "?step=" + step);
  }

  let asked = 0, answered = 0; // loads begun, and the latest begun whose answer was shown
  let wait = 500, retry = null; // a failed load (a 429, the network) is tried again, later each time

  function again() {
    clearTimeout(retry);
    retry = setTimeout(load, wait);
    wait = Math.min(wait * 2, 16000);
  }

  async function load() {
    const number = ++asked;
    // Only the steps the page lacks, and its last (a game ended by the bot changes its last step).
    const from = data ? data.steps.length - 1 : 0;
    let got;
    try {
      const response = await fetch(article.dataset.steps + "?from=" + from, { cache: "no-cache" });
      if (!response.ok) return again();
      got = await response.json();
    } catch (error) {
      return again();
    }
    // Two loads may cross: an answer begun before the one shown, or telling less, is left.
    if (number < answered || (data && (got.total < data.total || (got.live && !data.live)))) return;
    answered = number;
    wait = 500;
    clearTimeout(retry);
    // At the last step (as the page was drawn, or since), the reader follows the game as it goes on.
    const following = step === (data ? data.total : Number(article.dataset.total));
    got.steps = data ? data.steps.slice(0, got.from).concat(got.steps) : got.steps;
    data = got;
    version = data.version.join(":");
    article.dataset.version = version;
    article.dataset.total = String(data.total);
    if (!data.live) finished();
    const push = replacePending;
    replacePending = false;
    show(following ? data.total : step, push);
  }

  function finished() {
    const state = $("state");
    if (state && state.classList.contains("live")) {
      // The game is over while watched: the page as it now is (result, record, next game).
      window.location.replace(path + "?step=" + data.total);
    }
  }

  previous.addEventListener("click", (event) => { event.preventDefault(); show(step - 1, true); });
  next.addEventListener("click", (event) => { event.preventDefault(); show(step + 1, true); });
  slider.addEventListener("input", () => show(Number(slider.value), true));
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target === slider) return; // the slider moves itself with the arrows
    const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: data ? data.total : step };
    if (!(event.key in moves)) return;
    event.preventDefault();
    show(moves[event.key], true);
  });

  load();
  if (article.dataset.live) {
    const events = new EventSource(article.dataset.live);
    events.addEventListener("version", (event) => {
      const seen = JSON.parse(event.data).join(":");
      $("state").dataset.lost = "";
      if (seen !== version) load();
    });
    events.onerror = () => { $("state").dataset.lost = article.dataset.lost; };
  }
})();

// A tournament's page: drawn again as it stands each time it changes (a player in or out, a result, a
// round), for as long as it runs.
(function () {
  const article = document.getElementById("tournament");
  if (!article || !article.dataset.live) return;
  const events = new EventSource(article.dataset.live);
  events.addEventListener("version", (event) => {
    if (JSON.parse(event.data).join(":") !== article.dataset.version) {
      events.close();
      window.location.reload();
    }
  });
})();
