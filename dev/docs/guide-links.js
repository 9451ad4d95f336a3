// A script of the rendered reference (docs/index.html; dev/docs/render.ts puts it into the page). Redoc's
// menu lists every guide under Guides (the decorator guides-in-sidebar of openapi/plugins/docs.js),
// but makes each entry a link to a section of its own page, #/section/guides/<page>, which holds the
// link to the guide. Choosing the entry, by mouse or by Enter, opens the guide's page itself; a click
// with a modifier key keeps its browser meaning (a new tab or window shows that section).
document.addEventListener(
  'click',
  (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    const page = /\/section\/guides\/([a-z0-9-]+\.html)$/.exec(link?.getAttribute('href') ?? '')?.[1];
    if (!page || !link.closest('[data-component-name="Menu/MenuItem"]')) return;
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.location.assign(page);
  },
  true,
);
