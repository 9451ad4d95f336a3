// The one script of docs/404.html (dev/docs/deep-links.ts writes the page and allows the script by
// its sha256 in the page's Content-Security-Policy). A static host (GitHub Pages, Netlify,
// Cloudflare Pages, GitLab Pages) answers an address it has no file for with its 404.html. The
// reference's own addresses are routes of Redoc behind a hash, index.html#/carrier-setup; an
// address written as a path, /carrier-setup or <site>/carrier-setup/getcarriersetup, reaches this
// page. When its path holds one of the reference's sections (listed by the page's
// data-reference-sections), the page replaces itself with the reference at that route:
// <site>/#/carrier-setup. Any other address stays here and says there is no page at it.
const sections = (document.documentElement.dataset.referenceSections ?? '').split(' ').filter(Boolean);
const parts = window.location.pathname.split('/');
const at = parts.findIndex((part, i) => i > 0 && sections.includes(part));
if (at > 0) {
  const route = parts.slice(at);
  if (route.at(-1) === '') route.pop();
  window.location.replace(`${parts.slice(0, at).join('/')}/#/${route.join('/')}`);
}
