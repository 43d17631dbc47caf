// A pre-rendered page's first script (ADR 042). The page paints without script (ADR 011); the app's
// own code, listed by the server in #ys-late (the entry first), loads after the page's load event
// (its eager photos are in: the one marked fetchpriority="high" is the largest paint) and a frame,
// or after 3 s on a slow line, so a phone spends its bandwidth on the first screen first. It
// imports nothing: this is the whole file, and it counts in the first visit's budget (ADR 028).
let start = () => {
  start = () => {};
  requestAnimationFrame(() =>
    setTimeout(() => {
      const [entry, ...preloads]: string[] = JSON.parse(document.getElementById('ys-late')!.textContent!);
      document.head.insertAdjacentHTML(
        'beforeend',
        preloads.map((href) => `<link rel=modulepreload crossorigin href=${href}>`).join(''),
      );
      import(/* @vite-ignore */ entry);
    }),
  );
};
addEventListener('load', () => start());
setTimeout(() => start(), 3000);
