// Served in each page by `npm run dev` only: reloads the page when the build it shows is replaced,
// comes back to where the reader was, and shows the findings of a bad save over the page until the
// next good one. The server sets BUILD, the build the page was served from.
(() => {
  const BUILD = '__BUILD__';
  const PLACE = 'shipping-dev-place';
  const OVERLAY = 'shipping-dev-findings';

  // Back to the same place: the hash (Redoc's operation, a guide's heading) stays in the address on
  // reload; the scroll position is restored once the page has laid itself out.
  const saved = JSON.parse(sessionStorage.getItem(PLACE) ?? 'null');
  sessionStorage.removeItem(PLACE);
  if (saved && saved.path === location.pathname + location.hash)
    window.addEventListener('load', () => setTimeout(() => window.scrollTo(0, saved.y), 50));

  const show = (findings) => {
    document.getElementById(OVERLAY)?.remove();
    if (findings.length === 0) return;
    const overlay = document.createElement('div');
    overlay.id = OVERLAY;
    overlay.setAttribute('role', 'alert');
    Object.assign(overlay.style, {
      position: 'fixed',
      left: '0',
      right: '0',
      bottom: '0',
      zIndex: '2147483647',
      maxHeight: '50vh',
      overflow: 'auto',
      background: '#2b0b0e',
      color: '#ffe3e3',
      borderTop: '4px solid #e5484d',
      font: '13px/1.5 SFMono-Regular, Menlo, Consolas, monospace',
      padding: '12px 16px',
    });
    const title = document.createElement('div');
    title.style.fontWeight = '700';
    title.style.marginBottom = '6px';
    title.textContent = `The contract has ${findings.length} error${findings.length === 1 ? '' : 's'}: this page shows the last good build.`;
    overlay.append(title);
    for (const finding of findings) {
      const line = document.createElement('div');
      line.textContent = `${finding.file}:${finding.line}:${finding.col} ${finding.rule} ${finding.message}`;
      // A finding that may only follow from a file that does not parse: after that cause, dimmed.
      if (finding.after) {
        line.style.opacity = '0.6';
        line.textContent += ` (knock-on: ${finding.after} does not parse)`;
      }
      overlay.append(line);
    }
    document.body.append(overlay);
  };

  const events = new EventSource('/_dev/events');
  events.addEventListener('state', (event) => {
    const state = JSON.parse(event.data);
    if (state.build !== BUILD) {
      sessionStorage.setItem(PLACE, JSON.stringify({ path: location.pathname + location.hash, y: window.scrollY }));
      location.reload();
      return;
    }
    show(state.findings);
  });
})();
