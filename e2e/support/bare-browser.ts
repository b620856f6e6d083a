import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM, CHROMIUM_ARGS } from './browser';
import { freshTempDir } from './paths';

/**
 * Debian's Chromium with a profile on disk, driven over its DevTools pipe with nothing but the
 * commands a measurement needs. Playwright, on every navigation, creates its own script world in
 * the page and runs its scripts there (about 100 ms of a dealer dashboard's opening on these cores,
 * in the renderer's main thread, before the page's first script): a dealer's browser does none of
 * that. Only the Page domain is enabled, for `onNewDocument` scripts.
 */
export interface BareBrowser {
  /** Runs `source` in every new document before the page's own scripts (the page's own world). */
  onNewDocument(source: string): Promise<void>;
  setCookie(cookie: { name: string; value: string; url: string; httpOnly?: boolean; sameSite?: 'Lax' | 'Strict' }): Promise<void>;
  /** Navigates and answers once the navigation is committed (the new document exists). */
  navigate(url: string): Promise<void>;
  /** Evaluates an expression in the page, awaiting it if it is a promise; answers its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  clearCache(): Promise<void>;
  close(): Promise<void>;
}

interface Message {
  id?: number;
  method?: string;
  sessionId?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
}

export async function launchBareBrowser({ viewport }: { viewport: { width: number; height: number } }): Promise<BareBrowser> {
  const profile = freshTempDir('bare-chromium-profile');
  // The pipe is file descriptors 3 (commands in) and 4 (answers out), each message ending in a NUL.
  const chromium = spawn(CHROMIUM, [...CHROMIUM_ARGS, '--remote-debugging-pipe', `--user-data-dir=${profile}`, `--window-size=${viewport.width},${viewport.height}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  });
  const commands = chromium.stdio[3] as Writable;
  const answers = chromium.stdio[4] as Readable;
  const waiting = new Map<number, (message: Message) => void>();
  const listeners = new Set<(message: Message) => void>();
  let buffered = '';
  answers.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let end: number;
    while ((end = buffered.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffered.slice(0, end)) as Message;
      buffered = buffered.slice(end + 1);
      if (message.id !== undefined) waiting.get(message.id)?.(message);
      else for (const listener of listeners) listener(message);
    }
  });
  // A browser that dies answers every command still waiting with that, rather than never.
  chromium.once('exit', (code) => {
    for (const answer of waiting.values()) answer({ error: { message: `Chromium exited (${code})` } });
  });
  let lastId = 0;
  async function send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    const id = ++lastId;
    const answer = new Promise<Message>((resolve) => waiting.set(id, resolve));
    commands.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    const message = await answer;
    waiting.delete(id);
    if (message.error) throw new Error(`${method}: ${message.error.message}`);
    return message.result ?? {};
  }

  const { targetInfos } = (await send('Target.getTargets')) as { targetInfos: { targetId: string; type: string }[] };
  const page = targetInfos.find((target) => target.type === 'page');
  if (!page) throw new Error('Chromium opened no page');
  const { sessionId } = (await send('Target.attachToTarget', { targetId: page.targetId, flatten: true })) as { sessionId: string };
  const inPage = (method: string, params: Record<string, unknown> = {}) => send(method, params, sessionId);
  await inPage('Page.enable');
  await inPage('Emulation.setDeviceMetricsOverride', { ...viewport, deviceScaleFactor: 1, mobile: false });

  return {
    async onNewDocument(source) {
      await inPage('Page.addScriptToEvaluateOnNewDocument', { source });
    },
    async setCookie(cookie) {
      await inPage('Network.setCookie', cookie);
    },
    async navigate(url) {
      const committed = new Promise<void>((resolve) => {
        const listener = (message: Message) => {
          if (message.sessionId !== sessionId || message.method !== 'Page.frameNavigated') return;
          listeners.delete(listener);
          resolve();
        };
        listeners.add(listener);
      });
      const { errorText } = (await inPage('Page.navigate', { url })) as { errorText?: string };
      if (errorText) throw new Error(`navigating to ${url}: ${errorText}`);
      await committed;
    },
    async evaluate<T>(expression: string) {
      const { result, exceptionDetails } = (await inPage('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })) as {
        result: { value: T };
        exceptionDetails?: { text: string };
      };
      if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.text}`);
      return result.value;
    },
    async clearCache() {
      await inPage('Network.clearBrowserCache');
    },
    async close() {
      const exited = new Promise((resolve) => chromium.once('exit', resolve));
      await send('Browser.close').catch(() => chromium.kill());
      await exited;
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
