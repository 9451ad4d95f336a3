// The one script of a guide page (dev/docs/pages.ts puts it into every page and allows it by its
// sha256 in the page's Content-Security-Policy). It gives each code block a Copy button: a real
// button, so Tab reaches it and Enter or Space presses it, which puts the block's text on the
// clipboard and says "Copied" for a moment, on the button and to a screen reader (a status line).
// Without script there is no button, and the page reads as it is. Where the clipboard refuses, the
// block's text is selected instead, for Ctrl+C.
const status = document.createElement('p');
status.className = 'copy-status';
status.setAttribute('role', 'status');
document.body.append(status);

for (const code of document.querySelectorAll('main pre > code')) {
  const block = code.parentElement;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy';
  button.textContent = 'Copy';
  let timer;
  const say = (text) => {
    button.textContent = text;
    status.textContent = text;
    clearTimeout(timer);
    timer = setTimeout(() => {
      button.textContent = 'Copy';
      status.textContent = '';
    }, 2000);
  };
  button.addEventListener('click', () => {
    // No clipboard outside a secure context (a page served over plain HTTP from another host).
    const written = navigator.clipboard?.writeText(code.textContent) ?? Promise.reject(new Error('no clipboard'));
    written.then(
      () => say('Copied'),
      () => {
        getSelection().selectAllChildren(code);
        say('Selected: press Ctrl+C');
      },
    );
  });
  const wrapper = document.createElement('div');
  wrapper.className = 'code';
  block.before(wrapper);
  wrapper.append(button, block);
}
