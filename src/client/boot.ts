// A pre-rendered page's first script (ADR 042, 057). The page paints without script (ADR 011); the
// app's own code, listed by the server in #ys-late (the entry first, then its imports, the page's
// messages and the route's chunks), loads once the first screen is painted: after the photo marked
// fetchpriority="high" (the largest paint) has arrived, or on a page without one after the load
// event, and a frame; after 3 s on a slow line. Every file is asked for at once, the entry first, so
// nothing waits for the file that names it. It imports nothing: this is the whole file, and it
// counts in the first visit's budget (ADR 028).
let start = () => {
  start = () => {};
  requestAnimationFrame(() =>
    setTimeout(() => {
      const files: string[] = JSON.parse(document.getElementById('ys-late')!.textContent!);
      document.head.insertAdjacentHTML(
        'beforeend',
        files.map((href) => `<link rel=modulepreload crossorigin href=${href}>`).join(''),
      );
      import(/* @vite-ignore */ files[0]);
    }),
  );
};
const photo = document.querySelector<HTMLImageElement>('img[fetchpriority=high]');
if (photo?.complete) start();
photo?.addEventListener('load', () => start());
photo?.addEventListener('error', () => start());
addEventListener('load', () => start());
setTimeout(() => start(), 3000);
