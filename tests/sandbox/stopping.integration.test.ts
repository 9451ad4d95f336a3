// Stopping the sandbox as an operator does, with SIGTERM or SIGINT to its process: no new connection
// is accepted, a request in flight is finished and answered, an idle keep-alive connection does not
// hold the exit, and after the grace period (--stop-grace-ms, 10 s by default) whatever is still
// open is closed and the process still exits 0.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { basic, closeSandboxes, listeningSandbox } from '../support/harness/sandbox.ts';
import {
  connect,
  postHead,
  type SandboxProcess,
  startSandboxProcess,
  untilRefused,
} from '../support/harness/sandbox-process.ts';

const running: SandboxProcess[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) p.child.kill('SIGKILL');
  await closeSandboxes();
});

const start = async (...args: Parameters<typeof startSandboxProcess>) => {
  const started = await startSandboxProcess(...args);
  running.push(started);
  return started;
};

const shipment = JSON.stringify({ reference: 'sent in two pieces' });
const path = '/api/public/v3/shipments';

/** A POST whose body is half sent, once the sandbox has it: in flight, not an idle connection. */
async function halfSentPost(port: number) {
  const connection = await connect(port);
  connection.socket.write(postHead(path, shipment, basic('stopping-user')) + shipment.slice(0, 10));
  await new Promise((resolve) => setTimeout(resolve, 200));
  return connection;
}

describe('SIGTERM', () => {
  it('finishes a POST whose body is half sent, refuses new connections meanwhile, and exits 0', async () => {
    const sandbox = await start('shipping-api sandbox');
    const connection = await halfSentPost(sandbox.port);
    sandbox.child.kill('SIGTERM');
    await untilRefused(sandbox.port);
    connection.socket.write(shipment.slice(10));
    await connection.closed;
    const answer = connection.received();
    expect(answer).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toMatch(/\{"id":"shipment-1"\}$/);
    const { code, signal } = await sandbox.exited;
    expect(signal).toBeNull();
    expect(code).toBe(0);
    expect(sandbox.stderr()).toContain('"msg":"stopped"');
  });

  it('is not held by an idle keep-alive connection (npm run sandbox)', async () => {
    const sandbox = await start('npm run sandbox');
    const connection = await connect(sandbox.port);
    connection.socket.write(`GET /_sandbox/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
    while (!connection.received().endsWith('{"status":"live"}')) await new Promise((r) => setTimeout(r, 10));
    expect(connection.received()).toMatch(/\r\nconnection: keep-alive\r\n/i);
    const signalled = performance.now();
    sandbox.child.kill('SIGTERM');
    const { code } = await sandbox.exited;
    expect(code).toBe(0);
    // Closed by the sandbox at once, not at the end of the grace period.
    expect((await connection.closed) - signalled).toBeLessThan(2000);
    expect(performance.now() - signalled).toBeLessThan(3000);
  });

  it('closes a request still unfinished after the grace period (SANDBOX_STOP_GRACE_MS), and still exits 0', async () => {
    const sandbox = await start('shipping-api sandbox', [], { SANDBOX_STOP_GRACE_MS: '1000' });
    const connection = await halfSentPost(sandbox.port);
    const signalled = performance.now();
    sandbox.child.kill('SIGTERM');
    const closedAt = await connection.closed;
    const { code } = await sandbox.exited;
    expect(code).toBe(0);
    expect(closedAt - signalled).toBeGreaterThanOrEqual(990);
    expect(performance.now() - signalled).toBeLessThan(5_000);
    expect(sandbox.stderr()).toContain('"msg":"SIGTERM: stopping; requests in flight have 1000 ms to finish"');
    expect(sandbox.stderr()).toContain('"msg":"closing the connections still open after 1000 ms"');
  });

  it('gives requests in flight 10 s by default', async () => {
    const sandbox = await start('shipping-api sandbox');
    sandbox.child.kill('SIGTERM');
    const { code } = await sandbox.exited;
    expect(code).toBe(0);
    expect(sandbox.stderr()).toContain('"msg":"SIGTERM: stopping; requests in flight have 10000 ms to finish"');
  });

  it('closes what is still open at once on a second signal', async () => {
    const sandbox = await start('shipping-api sandbox');
    const connection = await halfSentPost(sandbox.port);
    sandbox.child.kill('SIGTERM');
    await untilRefused(sandbox.port);
    const again = performance.now();
    sandbox.child.kill('SIGINT');
    await connection.closed;
    const { code } = await sandbox.exited;
    expect(code).toBe(0);
    expect(performance.now() - again).toBeLessThan(2000);
    expect(sandbox.stderr()).toContain('"msg":"closing the connections still open on a second SIGINT"');
  });
});

describe('RunningSandbox.close(graceMs)', () => {
  it('closes a request still unfinished after graceMs', async () => {
    const s = await listeningSandbox();
    const port = Number(new URL(s.origin).port);
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => {});
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(postHead(path, shipment, basic('close-user')) + shipment.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await s.close(300);
    await closed;
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2000);
  });
});
