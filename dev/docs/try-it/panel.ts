// Try it: a panel on every operation of the rendered reference that sends a real request to a server
// the page was built to reach, shows the answer and judges it against the contract. Redoc keeps
// rendering the page; the panel joins each operation's section as Redoc renders it, and keeps its
// state when Redoc renders the section again. The page's data block says what the panel knows of
// the contract (page.ts).
import { basicAuthorization, Credentials } from './credentials.ts';
import { CONTRACT_ELEMENT_ID, type TryItContract, type TryItOperation } from './contract.ts';
import { field, h, newId } from './dom.ts';
import { checkFile, downloadFile, type Exchange, pollUntilCompleted } from './lifecycle.ts';
import { buildRequest, checkBody, checkPartnerId, startingText, type TryRequest } from './request.ts';
import { allowedOrigins, checkTarget, offeredServers, type Server, throughProxy } from './servers.ts';
import { clientSnippet, curlSnippet } from './snippets.ts';
import { judge, judgeOf } from './verdict.ts';

/** How much of a body the panel shows; the verdict reads all of it. */
const SHOWN_BYTES = 200_000;
/** The polling interval the specification suggests (section 8), and a sandbox's own (its --min-poll-ms default). */
const SUGGESTED_INTERVAL_S = 15;
const SANDBOX_INTERVAL_S = 1;

const contract: TryItContract = JSON.parse(document.getElementById(CONTRACT_ELEMENT_ID)?.textContent ?? 'null');
const credentials = new Credentials(sessionStorageOrNone());
const allowed = allowedOrigins(contract.hostedSandbox);
let servers: Server[] = [];
/** The server chosen, shared by the panels; the last COMPLETED status's file address. */
const shared = { server: '', fileUrl: '', expiresAt: '' };
const sharedListeners = new Set<() => void>();
const announce = () => {
  for (const listener of sharedListeners) listener();
};

function sessionStorageOrNone(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Sends a request (Authorization added here and nowhere else), after checking its origin. */
async function send(request: TryRequest): Promise<Exchange & { ms: number }> {
  const target = checkTarget(
    request.url,
    allowed,
    request.operationId === 'downloadCarrierSetupFile' ? 'url' : 'Server',
  );
  if ('refused' in target) throw new Error(target.refused);
  const { user, key } = credentials.fields;
  const headers: Record<string, string> = { ...request.headers };
  if (user !== '' || key !== '') headers.Authorization = basicAuthorization(user, key);
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: request.method,
      headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
  } catch (error) {
    throw new Error(
      `No answer from ${target.url.origin}: ${(error as Error).message}. The server may be down, or it does not answer CORS for this page's origin, ${location.origin} (docs/try-it.md says how a hosted sandbox does).`,
    );
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, ms: Math.round(performance.now() - started) };
}

const pretty = (text: string, type: string) => {
  if (!/json/.test(type) && !/^\s*[[{]/.test(text)) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

/** Puts text on the clipboard; where refused, selects it for Ctrl+C. */
async function copy(text: string, shown: HTMLElement, button: HTMLButtonElement): Promise<void> {
  const label = button.textContent;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch {
    getSelection()?.selectAllChildren(shown);
    button.textContent = 'Selected: press Ctrl+C';
  }
  setTimeout(() => (button.textContent = label), 2000);
}

function panelFor(operation: TryItOperation): HTMLElement {
  const isDownload = operation.path === '{url}';
  const isSetup = operation.operationId === 'requestCarrierSetup';
  const bodyId = newId(operation.operationId);
  const toggle = h(
    'button',
    { type: 'button', class: 'try-it-toggle', 'aria-expanded': 'false', 'aria-controls': bodyId },
    'Try it',
  );
  const form = h('form', { class: 'try-it-form', novalidate: true });
  const listId = newId('servers');
  const serverList = h('datalist', { id: listId });
  // The offered servers as buttons too: a datalist shows its choices only once the field has focus.
  const serverChoices = h('div', { class: 'try-it-choices', role: 'group', 'aria-label': 'Servers this page offers' });
  const server = field(
    'Server',
    h('input', { type: 'url', list: listId, autocomplete: 'off', spellcheck: 'false' }),
    `The base URL, ending in /api/public/v3. This page may reach: ${allowed.join(', ') || 'no server (opened from disk)'}.`,
  );
  const fileUrl = field(
    'url',
    h('input', { type: 'url', autocomplete: 'off', spellcheck: 'false' }),
    'The file address of a COMPLETED status (Poll until COMPLETED fills it in).',
  );
  const range = field(
    'Range',
    h('input', { autocomplete: 'off', placeholder: 'bytes=0-999' }),
    'Optional: a byte range.',
  );
  const user = field('API user', h('input', { autocomplete: 'off', spellcheck: 'false' }));
  const key = field('API key', h('input', { type: 'password', autocomplete: 'off' }));
  const partnerId = field(
    'Partner-ID',
    h('input', { inputmode: 'decimal', autocomplete: 'off' }),
    'Optional: sent as the Partner-ID header, never in the body.',
  );
  const remember = h('input', { type: 'checkbox', id: newId('remember') });
  const rememberRow = h(
    'div',
    { class: 'try-it-check' },
    remember,
    h('label', { for: remember.id }, 'Keep the credentials in this tab (sessionStorage) until it closes'),
  );
  const body = field('Body', h('textarea', { rows: '12', spellcheck: 'false', autocomplete: 'off' }));
  body.control.value = startingText(operation);
  const problems = h('ul', { class: 'try-it-problems', 'aria-label': 'Problems of the request' });
  const sendButton = h('button', { type: 'submit', class: 'try-it-send' }, 'Send');
  const sendAnyway = h('button', { type: 'button', hidden: true }, 'Send anyway');
  const status = h('div', { role: 'status', 'aria-live': 'polite', class: 'try-it-status' });
  const findings = h('ul', { class: 'try-it-findings', 'aria-label': 'Verdict against the contract' });
  const headersShown = h('pre', { class: 'try-it-headers', tabindex: '0' });
  const bodyShown = h('pre', { class: 'try-it-body-shown', tabindex: '0' });
  const answer = h(
    'div',
    { class: 'try-it-answer', hidden: true },
    h('details', { open: true }, h('summary', {}, 'Headers'), headersShown),
    h('details', { open: true }, h('summary', {}, 'Body'), bodyShown),
  );
  const snippet = h('pre', { class: 'try-it-snippet', tabindex: '0', 'aria-label': 'The request as code' });
  const copyCurl = h('button', { type: 'button' }, 'Copy as curl');
  const copyClient = h('button', { type: 'button' }, 'Copy as TypeScript');
  const copies = h('div', { class: 'try-it-copies', hidden: true }, copyCurl, copyClient, snippet);
  let snippets = { curl: '', client: '' };
  const showSnippet = (text: string, button: HTMLButtonElement) => {
    snippet.textContent = text;
    void copy(text, snippet, button);
  };
  copyCurl.addEventListener('click', () => showSnippet(snippets.curl, copyCurl));
  copyClient.addEventListener('click', () => showSnippet(snippets.client, copyClient));

  form.append(
    ...(isDownload ? [fileUrl.row, range.row] : [server.row, serverList, serverChoices]),
    user.row,
    key.row,
    partnerId.row,
    rememberRow,
    ...(operation.body ? [body.row] : []),
    problems,
    h('div', { class: 'try-it-actions' }, sendButton, sendAnyway),
  );

  // The credentials and the server, the same in every panel.
  const fill = () => {
    const fields = credentials.fields;
    for (const [input, value] of [
      [user.control, fields.user],
      [key.control, fields.key],
      [partnerId.control, fields.partnerId],
    ] as const)
      if (input.value !== value) input.value = value;
    remember.checked = credentials.remember;
    if (server.control.value !== shared.server) server.control.value = shared.server;
    if (shared.fileUrl && fileUrl.control.value !== shared.fileUrl) fileUrl.control.value = shared.fileUrl;
    serverList.replaceChildren(...servers.map((s) => h('option', { value: s.base }, s.label)));
    serverChoices.replaceChildren(
      ...servers.map((s) => {
        const choice = h('button', { type: 'button', 'aria-pressed': String(shared.server === s.base) }, s.label);
        choice.addEventListener('click', () => {
          shared.server = s.base;
          announce();
        });
        return choice;
      }),
    );
  };
  credentials.onChange(fill);
  sharedListeners.add(fill);
  user.control.addEventListener('input', () => credentials.update({ user: user.control.value }));
  key.control.addEventListener('input', () => credentials.update({ key: key.control.value }));
  partnerId.control.addEventListener('input', () => credentials.update({ partnerId: partnerId.control.value }));
  remember.addEventListener('change', () => credentials.setRemember(remember.checked));
  server.control.addEventListener('input', () => {
    shared.server = server.control.value;
    announce();
  });
  fill();

  const requestOf = (): TryRequest =>
    buildRequest(operation, isDownload ? throughProxy(fileUrl.control.value.trim(), servers) : server.control.value, {
      partnerId: partnerId.control.value,
      body: body.control.value,
      range: range.control.value,
    });

  /** Lists the problems of the request, each at its JSON pointer with its rule; true when there are none. */
  const listProblems = (): boolean => {
    const found = [
      ...(operation.body ? checkBody(operation, body.control.value) : []),
      ...[checkPartnerId(partnerId.control.value)].filter((problem) => problem !== undefined),
    ];
    problems.replaceChildren(
      ...found.map((problem) =>
        h(
          'li',
          {},
          h('code', {}, problem.pointer === '' ? '(the whole body)' : problem.pointer),
          ` ${problem.message} `,
          h('span', { class: 'try-it-rule' }, `rule ${problem.rule}`),
        ),
      ),
    );
    return found.length === 0;
  };
  body.control.addEventListener('input', () => {
    listProblems();
    sendAnyway.hidden = true;
  });

  const showAnswer = (request: TryRequest, exchange: Exchange & { ms: number }) => {
    const text = new TextDecoder().decode(exchange.bytes);
    const judged = judge(contract, operation.operationId, {
      status: exchange.status,
      headers: exchange.headers,
      body: text,
    });
    status.replaceChildren(
      h('strong', { class: 'try-it-code' }, `HTTP ${exchange.status}`),
      ` in ${exchange.ms} ms · ${exchange.bytes.length} bytes · `,
      h('span', { class: `try-it-verdict try-it-${judged.verdict.replaceAll(' ', '-')}` }, judged.verdict),
    );
    findings.replaceChildren(
      ...judged.findings.map((finding) =>
        h(
          'li',
          { class: `try-it-${finding.outcome.replace(' ', '-')}` },
          h('span', { class: 'try-it-outcome' }, finding.outcome),
          ' ',
          h('span', { class: 'try-it-rule' }, `rule ${finding.rule}`),
          finding.pointer !== undefined ? h('code', {}, finding.pointer || '(root)') : undefined,
          ` ${finding.text}`,
        ),
      ),
    );
    headersShown.textContent = [...exchange.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
    const type = exchange.headers.get('content-type') ?? '';
    bodyShown.textContent =
      exchange.bytes.length > SHOWN_BYTES
        ? `${text.slice(0, SHOWN_BYTES)}\n… (${exchange.bytes.length} bytes in all; the verdict read them all)`
        : pretty(text, type);
    answer.hidden = false;
    const base = isDownload ? '' : server.control.value.trim().replace(/\/+$/, '');
    snippets = { curl: curlSnippet(request), client: clientSnippet(request, base, operation.path) };
    snippet.textContent = snippets.curl;
    copies.hidden = false;
  };

  const refuse = (message: string) => {
    status.replaceChildren(h('strong', { class: 'try-it-refused' }, message));
    findings.replaceChildren();
    answer.hidden = true;
  };

  const go = async (anyway: boolean) => {
    if (!listProblems() && !anyway) {
      status.replaceChildren(
        h(
          'strong',
          { class: 'try-it-refused' },
          'Not sent: the request breaks the contract where listed. Fix it, or Send anyway to see how the server answers it.',
        ),
      );
      sendAnyway.hidden = false;
      return;
    }
    sendAnyway.hidden = true;
    const request = requestOf();
    status.textContent = `Sending ${request.method} ${request.url} …`;
    try {
      showAnswer(request, await send(request));
    } catch (error) {
      refuse((error as Error).message);
    }
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void go(false);
  });
  sendAnyway.addEventListener('click', () => void go(true));

  const content = h(
    'div',
    { id: bodyId, class: 'try-it-content', hidden: true },
    form,
    status,
    findings,
    answer,
    copies,
  );
  if (isSetup) content.append(lifecycle(requestOf, server.control));
  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    content.hidden = !open;
  });
  return h(
    'section',
    {
      class: 'try-it',
      'data-operation': operation.operationId,
      'aria-label': `Try it: ${operation.method} ${operation.path}`,
    },
    toggle,
    content,
  );
}

/** The carrier setup lifecycle: poll until COMPLETED, then download the file before expires_at. */
function lifecycle(requestOf: () => TryRequest, serverField: HTMLInputElement): HTMLElement {
  const interval = field(
    'Poll every (seconds)',
    h('input', { type: 'number', min: '0.2', step: 'any', value: String(SUGGESTED_INTERVAL_S) }),
    `The specification suggests 15 or 30 seconds; a sandbox is paced by its own settings (${SANDBOX_INTERVAL_S} s by default), and a Retry-After is always obeyed.`,
  );
  const pollButton = h('button', { type: 'button' }, 'Poll until COMPLETED');
  const stopButton = h('button', { type: 'button', hidden: true }, 'Stop');
  const steps = h('ol', { class: 'try-it-steps', 'aria-label': 'Statuses on the way' });
  const chunk = field(
    'Download in ranges of (bytes)',
    h('input', { type: 'number', min: '1', step: '1' }),
    'Optional: fetch the file in byte ranges (Range), joined before it is checked.',
  );
  const downloadButton = h('button', { type: 'button', disabled: true }, 'Download the file');
  const report = h('div', { role: 'status', 'aria-live': 'polite', class: 'try-it-status try-it-file' });
  const fileProblems = h('ul', { class: 'try-it-findings', 'aria-label': 'Problems of the file' });
  let completed: { url: string; expiresAt: string } | undefined;
  let controller: AbortController | undefined;

  const syncInterval = () => {
    const chosen = servers.find((s) => s.base === serverField.value.trim());
    interval.control.value = String(chosen && /sandbox/.test(chosen.label) ? SANDBOX_INTERVAL_S : SUGGESTED_INTERVAL_S);
  };
  sharedListeners.add(syncInterval);
  syncInterval();

  pollButton.addEventListener('click', async () => {
    controller?.abort();
    controller = new AbortController();
    steps.replaceChildren();
    completed = undefined;
    downloadButton.disabled = true;
    pollButton.disabled = true;
    stopButton.hidden = false;
    const intervalMs = Math.max(200, Number(interval.control.value) * 1000 || SUGGESTED_INTERVAL_S * 1000);
    try {
      completed = await pollUntilCompleted(() => send(requestOf()), {
        intervalMs,
        signal: controller.signal,
        onStep: ({ status, state, waitMs }) =>
          steps.append(
            h(
              'li',
              {},
              `HTTP ${status}${state ? ` ${state}` : ''}`,
              waitMs === undefined ? '' : ` · next call in ${(waitMs / 1000).toFixed(1)} s`,
            ),
          ),
      });
      shared.fileUrl = completed.url;
      shared.expiresAt = completed.expiresAt;
      announce();
      steps.append(h('li', {}, `The file is at ${completed.url} until ${completed.expiresAt}.`));
      downloadButton.disabled = false;
    } catch (error) {
      if (!controller.signal.aborted) steps.append(h('li', { class: 'try-it-refused' }, (error as Error).message));
      else steps.append(h('li', {}, 'Stopped.'));
    } finally {
      pollButton.disabled = false;
      stopButton.hidden = true;
    }
  });
  stopButton.addEventListener('click', () => controller?.abort(new Error('stopped')));

  downloadButton.addEventListener('click', async () => {
    if (!completed) return;
    if (Date.parse(completed.expiresAt) <= Date.now()) {
      report.textContent = `The address expired at ${completed.expiresAt}: poll again for a new one (rule 8.url-lifetime).`;
      return;
    }
    const base = requestOf();
    const address = throughProxy(completed.url, servers);
    report.textContent = 'Downloading …';
    fileProblems.replaceChildren();
    try {
      const size = Number(chunk.control.value) || undefined;
      const { bytes, statuses } = await downloadFile(
        (rangeHeader) =>
          send({
            operationId: 'downloadCarrierSetupFile',
            method: 'GET',
            url: address,
            headers: {
              ...('Partner-ID' in base.headers ? { 'Partner-ID': base.headers['Partner-ID']! } : {}),
              ...(rangeHeader ? { Range: rangeHeader } : {}),
            },
          }),
        size,
        (status, value) => judgeOf(contract).contentRange('downloadCarrierSetupFile', status, value),
      );
      const file = checkFile(bytes);
      const valid = file.problems.length === 0;
      report.replaceChildren(
        h('strong', {}, `HTTP ${statuses.join(', ')}`),
        ` · ${file.size} bytes · ${file.carriers ?? 'no'} carriers · `,
        h(
          'span',
          { class: `try-it-verdict try-it-${valid ? 'conforms' : 'breaks-the-contract'}` },
          valid ? 'validates against the setup file schema' : 'breaks the setup file schema',
        ),
      );
      fileProblems.replaceChildren(
        ...file.problems.map((problem) =>
          h(
            'li',
            {},
            h('span', { class: 'try-it-rule' }, 'rule 4.2.returns'),
            h('code', {}, problem.pointer || '(root)'),
            ` ${problem.message}`,
          ),
        ),
      );
    } catch (error) {
      report.replaceChildren(h('strong', { class: 'try-it-refused' }, (error as Error).message));
    }
  });

  return h(
    'div',
    { class: 'try-it-lifecycle' },
    h('h4', {}, 'The carrier setup lifecycle'),
    interval.row,
    h('div', { class: 'try-it-actions' }, pollButton, stopButton),
    steps,
    chunk.row,
    h('div', { class: 'try-it-actions' }, downloadButton),
    report,
    fileProblems,
  );
}

// Each operation's panel, made once and put back when Redoc renders its section again.
const panels = new Map<string, HTMLElement>();

function mount(): void {
  for (const operation of contract.operations) {
    const section = document.querySelector(`[data-section-id$="/${operation.operationId.toLowerCase()}"]`);
    const host = section?.querySelector('[data-testid="middle-panel"]');
    if (!host || host.querySelector(':scope > .try-it')) continue;
    let panel = panels.get(operation.operationId);
    if (!panel) {
      panel = panelFor(operation);
      panels.set(operation.operationId, panel);
    }
    host.append(panel);
  }
}

if (contract) {
  let scheduled = false;
  new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      mount();
    });
  }).observe(document.body, { childList: true, subtree: true });
  mount();
  void offeredServers(contract.hostedSandbox).then((offered) => {
    servers = offered;
    shared.server ||= offered[0]?.base ?? '';
    announce();
  });
}
