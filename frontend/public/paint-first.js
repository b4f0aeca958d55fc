// Pages rendered on the server (frontend/src/entry-server.tsx) load the app with this file: the page paints
// from its HTML and stylesheets first, then the app is fetched and hydrates it. Fetched with the HTML, the
// app's scripts held the first paint on a slow phone (they were downloaded and run before it).
(() => {
  const tag = document.currentScript;
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = tag.dataset.entry;
    document.head.append(script);
  };
  // After the next frame is painted; a tab in the background paints none.
  requestAnimationFrame(() => setTimeout(load, 0));
  setTimeout(load, 500);
})();
