/**
 * The sandboxes' two scripts. `loader.js` is what a provider's snippet loads on the shop's page: it
 * puts the widget in an iframe and defines the provider's page API (`suspend()`, `resume()`) on
 * the global the real provider uses. `widget.js` runs inside the widget: it greys the form out
 * while suspended, reloads on resume (the amount may have changed), and tells the page its
 * height, so the iframe never scrolls.
 */

export function loaderScript(
  apiName: string,
  methods: { suspend: string; resume: string } = { suspend: "suspend", resume: "resume" },
): string {
  return `(function () {
  var script = document.currentScript;
  var container = document.getElementById(script.dataset.container);
  if (!container) return;
  var frame = document.createElement("iframe");
  frame.src = script.dataset.src;
  frame.title = script.dataset.title || "Checkout";
  frame.style.cssText = "width:100%;border:0;min-height:640px;display:block";
  frame.setAttribute("allow", "payment");
  container.appendChild(frame);
  var origin = new URL(script.dataset.src, location.href).origin;
  function send(type) { frame.contentWindow && frame.contentWindow.postMessage({ type: type }, origin); }
  window.addEventListener("message", function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    if (event.data && event.data.type === "kassa-sandbox-height") frame.style.height = event.data.height + "px";
  });
  var api = { suspend: function () { send("suspend"); }, resume: function () { send("resume"); } };
  // Callable like Klarna's \`_klarnaCheckout(function (api) { … })\`, and an object like the others.
  var global = function (callback) { callback(api); };
  global.suspend = api.suspend;
  global.resume = api.resume;
  global[${JSON.stringify(methods.suspend)}] = api.suspend;
  global[${JSON.stringify(methods.resume)}] = api.resume;
  window[${JSON.stringify(apiName)}] = global;
})();
`;
}

export const WIDGET_SCRIPT = `(function () {
  var main = document.querySelector("main");
  function report() { parent.postMessage({ type: "kassa-sandbox-height", height: document.documentElement.scrollHeight }, "*"); }
  window.addEventListener("message", function (event) {
    if (event.source !== parent || !event.data) return;
    if (event.data.type === "suspend") main.classList.add("paused");
    // The shop changed the purchase meanwhile (a gift card): show it as it is now.
    if (event.data.type === "resume") location.reload();
  });
  if (parent !== window) { report(); new ResizeObserver(report).observe(document.body); }
})();
`;
