// The browser's start of the app in three tasks instead of one. Next.js evaluates React DOM,
// its router and the page's modules, then hydrates, all in one task: 180-200 ms on a phone
// (4x CPU), during which a tap waits. Here, before Next.js starts:
// - React DOM is evaluated in a task of its own (a timer, due before the one below);
// - one empty inline script joins the `beforeInteractive` scripts Next.js runs before it
//   hydrates (`self.__next_s`), each followed by a task boundary, so hydration starts in a
//   task of its own. It carries the page's CSP nonce like every other script.
// Same work in the same order; no task over about 120 ms (docs/performance.md, "Pages").
setTimeout(() => void import("react-dom/client"));

const boot = self as unknown as { __next_s?: [string | 0, Record<string, unknown>][] };
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
boot.__next_s ??= [];
boot.__next_s.push([0, { children: "", nonce }]);
