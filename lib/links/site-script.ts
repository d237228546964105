/**
 * The script on the founder's site, as text (a little over 1 KB). It keeps the `ll_click` a
 * visitor landed with in the site's own storage (first party: Launchloop sets no cookie), and
 * offers `launchloop.track(event, {externalId, value, currency})`, which posts the event with
 * the project's publishable key (`data-key`) to Launchloop's CORS endpoint. Calls made
 * before it loaded (`window.launchloop = {q: [[event, options], …]}`) are sent on load.
 */
export function siteScript(appUrl: string): string {
  return `/* Launchloop conversions: ${appUrl}/docs */
(function () {
  var script = document.currentScript;
  var key = script && script.getAttribute("data-key");
  var endpoint = ${JSON.stringify(`${appUrl}/api/v1/track`)};
  var slot = "ll_click", maxAge = 90 * 864e5;
  try {
    var landed = new URLSearchParams(location.search).get(slot);
    if (landed) localStorage.setItem(slot, JSON.stringify({ id: landed, at: Date.now() }));
  } catch (e) {}
  function clickId() {
    try {
      var kept = JSON.parse(localStorage.getItem(slot) || "null");
      if (kept && Date.now() - kept.at < maxAge) return kept.id;
    } catch (e) {}
    return undefined;
  }
  function track(event, options) {
    options = options || {};
    var body = { key: key, event: String(event), externalId: String(options.externalId || (crypto.randomUUID ? crypto.randomUUID() : Date.now() + "-" + Math.random())) };
    var id = clickId();
    if (id) body.clickId = id;
    if (typeof options.value === "number") body.value = options.value;
    if (options.currency) body.currency = String(options.currency);
    return fetch(endpoint, {
      method: "POST",
      mode: "cors",
      credentials: "omit",
      keepalive: true,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }).then(function (answer) { return answer.ok; }, function () { return false; });
  }
  var queued = (window.launchloop && window.launchloop.q) || [];
  window.launchloop = { track: track };
  for (var i = 0; i < queued.length; i++) track(queued[i][0], queued[i][1]);
})();
`;
}
