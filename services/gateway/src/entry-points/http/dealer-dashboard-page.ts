import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseCookie } from 'cookie';
import type { Request, RequestHandler } from 'express';
import {
  currentUserSchema,
  DEALER_DASHBOARD_FIRST_CALLS,
  NEXT_CURSOR_HEADER,
  ownRecordsPathOf,
  screenFilesOf,
  TIME_ZONE_OFFSET_COOKIE,
  WINDOW_SIZE_COOKIE,
  type CurrentUser,
  type FederationManifest,
} from '@cardirect/contracts';
import type { Logger } from '@cardirect/service-kit';
import { defaultRemoteMap } from '../../domain/remote-map';
import { hasQuery } from './first-screen-preloads';
import { remoteFolders } from './front-end';
import { renderedPageHtml, type RenderedPage } from './rendered-page-html';
import { sessionIdOf } from './session-cookie';

/** An API answer as the page renderer and the browser's first render read it (@cardirect/web/early). */
interface ServerAnswer {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface WindowSize {
  innerWidth: number;
  innerHeight: number;
}

/** The shell's page renderer (shell/src/server/render-page.tsx), built into shell/dist-server. */
interface PageRenderer {
  renderPage(page: { pathname: string; search: string; user: CurrentUser; answers: ServerAnswer[] } & BrowserTraits): Promise<string | undefined>;
}

/** What the page is rendered for, as the browser's last page load stored it. */
interface BrowserTraits {
  window?: WindowSize;
  /** Minutes behind UTC. */
  timeZoneOffset?: number;
}

/** `1280x800`, as the shell stores it; anything else is ignored. */
const windowSizeText = /^(\d{2,5})x(\d{2,5})$/;
/** Minutes behind UTC, within the zones there are (UTC-12 to UTC+14). */
const timeZoneOffsetText = /^-?\d{1,3}$/;
const MOST_MINUTES_FROM_UTC = 14 * 60;

/** The browser's window and time zone as its last page load stored them (WINDOW_SIZE_COOKIE, TIME_ZONE_OFFSET_COOKIE). */
function browserTraitsOf(req: Request): BrowserTraits {
  const cookies = req.headers.cookie ? parseCookie(req.headers.cookie) : {};
  const size = windowSizeText.exec(cookies[WINDOW_SIZE_COOKIE] ?? '');
  const offset = timeZoneOffsetText.test(cookies[TIME_ZONE_OFFSET_COOKIE] ?? '') ? Number(cookies[TIME_ZONE_OFFSET_COOKIE]) : undefined;
  return {
    window: size ? { innerWidth: Number(size[1]), innerHeight: Number(size[2]) } : undefined,
    timeZoneOffset: offset !== undefined && Math.abs(offset) <= MOST_MINUTES_FROM_UTC ? offset : undefined,
  };
}

/** Past this the page is served for the browser to render: it asks for its data itself. */
const PAGE_DATA_TIMEOUT_MS = 2000;
const DASHBOARD_TITLE = 'Dealer Dashboard | CarDirect';
const DASHBOARD_SCREEN = 'DealerDashboardScreen';
/** The answer headers a screen reads. */
const keptHeaders = ['content-type', NEXT_CURSOR_HEADER.toLowerCase()];

/**
 * GET of an API URL through this gateway, as the browser that asked for the page would send it:
 * its cookie, and its address for the rate limit and the logs (X-Forwarded-For, which the gateway
 * trusts from loopback by default). The whole admission, the shared answers and the services'
 * own rules apply as to the browser's own calls.
 */
async function askAsTheBrowser(req: Request, url: string, signal: AbortSignal): Promise<ServerAnswer> {
  const { localAddress, localPort } = req.socket;
  const host = localAddress?.includes(':') ? `[${localAddress}]` : localAddress;
  const response = await fetch(`http://${host}:${localPort}${url}`, {
    headers: { accept: 'application/json', 'accept-encoding': 'identity', cookie: req.headers.cookie ?? '', 'x-forwarded-for': req.ip ?? '' },
    signal,
  });
  const headers: Record<string, string> = {};
  for (const name of keptHeaders) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { url, status: response.status, headers, body: await response.text() };
}

/**
 * The first screen's answers for a dealer's session: who it is, the makes, the first page of cars
 * and the dealer's own records on them; undefined for anyone else or when one of them failed.
 */
async function dashboardAnswers(req: Request): Promise<{ user: CurrentUser; answers: ServerAnswer[] } | undefined> {
  const signal = AbortSignal.timeout(PAGE_DATA_TIMEOUT_MS);
  const [session, makes, firstPage] = await Promise.all([
    askAsTheBrowser(req, DEALER_DASHBOARD_FIRST_CALLS.sessionCheck, signal),
    askAsTheBrowser(req, DEALER_DASHBOARD_FIRST_CALLS.makes, signal),
    askAsTheBrowser(req, DEALER_DASHBOARD_FIRST_CALLS.firstPage, signal),
  ]);
  if (session.status !== 200 || makes.status !== 200 || firstPage.status !== 200) return undefined;
  const user = currentUserSchema.safeParse(JSON.parse(session.body));
  if (!user.success || user.data.role !== 'dealer') return undefined;
  const vehicleIds = (JSON.parse(firstPage.body) as { id: string }[]).map((vehicle) => vehicle.id);
  const answers = [session, makes, firstPage];
  if (vehicleIds.length > 0) {
    const ownRecords = await askAsTheBrowser(req, ownRecordsPathOf(vehicleIds), signal);
    if (ownRecords.status !== 200) return undefined;
    answers.push(ownRecords);
  }
  return { user: user.data, answers };
}

/** Where this gateway serves the dealer remote (front-end.ts). */
const DEALER_REMOTE_PATH = path.posix.dirname(defaultRemoteMap.mfe_dealer!);

/**
 * The files the dashboard needs from the shell's and the dealer remote's builds: the stylesheets
 * its markup needs, and the remote's scripts the app asks for as soon as it starts (its entry and
 * the screen's code, from the remote's manifest).
 */
async function dashboardAssets(staticRoot: string): Promise<Pick<RenderedPage, 'stylesheets' | 'scripts'>> {
  const shellDist = path.join(staticRoot, 'shell/dist');
  const remoteDist = path.join(staticRoot, remoteFolders[DEALER_REMOTE_PATH]!);
  const [shellFiles, manifestText] = await Promise.all([fs.readdir(shellDist), fs.readFile(path.join(remoteDist, 'mf-manifest.json'), 'utf8')]);
  const screen = screenFilesOf(JSON.parse(manifestText) as FederationManifest, DASHBOARD_SCREEN);
  if (!screen) throw new Error(`the dealer remote's manifest has no ${DASHBOARD_SCREEN}`);
  const remoteFile = (file: string) => `${DEALER_REMOTE_PATH}/${file}`;
  return {
    stylesheets: [...shellFiles.filter((file) => file.endsWith('.css')).map((file) => `/${file}`), ...screen.stylesheets.map(remoteFile)],
    scripts: [screen.entry, ...screen.scripts].map(remoteFile),
  };
}

/**
 * The all-in-one mode's dealer dashboard, rendered here for a dealer's session (the unfiltered
 * dashboard, the page a dealer opens): the browser paints the cards from the HTML, then its app
 * takes the markup over. Anything else, or anything that fails, goes on to the page the browser
 * renders; a dashboard never fails for want of this. Only for the dealer remote this gateway
 * serves (the renderer is built with its screen): the caller leaves it out when the remote map
 * points the remote elsewhere.
 */
export function dealerDashboardPage(staticRoot: string, logger: Logger): RequestHandler {
  // Loaded at start: loading it takes about 300 ms, which no dealer's first page should wait for.
  const renderer: Promise<PageRenderer | undefined> = import(pathToFileURL(path.join(staticRoot, 'shell/dist-server/render-page.js')).href).then(
    (module) => module as PageRenderer,
    (error: unknown) => {
      logger.warn({ err: error }, 'no page renderer in the shell build: the dealer dashboard is rendered in the browser');
      return undefined;
    },
  );

  return (req, res, next) => {
    if (hasQuery(req.url) || !sessionIdOf(req)) {
      next();
      return;
    }
    const rendering = async () => {
      const startedAt = performance.now();
      const [data, renderPage, assets, indexHtml] = await Promise.all([
        dashboardAnswers(req),
        renderer,
        dashboardAssets(staticRoot),
        fs.readFile(path.join(staticRoot, 'shell/dist/index.html'), 'utf8'),
      ]);
      if (!data || !renderPage) return undefined;
      const answeredAt = performance.now();
      const rootHtml = await renderPage.renderPage({ pathname: req.path, search: '', ...browserTraitsOf(req), ...data });
      if (rootHtml === undefined) return undefined;
      const page = renderedPageHtml(indexHtml, { title: DASHBOARD_TITLE, rootHtml, answers: data.answers, ...assets });
      // Where the page's time went, for the browser's developer tools and the benchmark.
      const timing = `data;dur=${(answeredAt - startedAt).toFixed(1)}, render;dur=${(performance.now() - answeredAt).toFixed(1)}`;
      return page && { ...page, timing };
    };
    rendering().then(
      (page) => {
        if (!page) {
          next();
          return;
        }
        const policy = res.getHeader('Content-Security-Policy');
        if (typeof policy === 'string') res.setHeader('Content-Security-Policy', policy.replace('script-src ', `script-src ${page.scriptHash} `));
        // The page holds this dealer's data: never kept for anyone else, asked again on each visit.
        res.setHeader('Cache-Control', 'private, no-cache');
        res.setHeader('Vary', 'Cookie');
        res.setHeader('Server-Timing', page.timing);
        res.type('html').send(page.html);
      },
      (error: unknown) => {
        logger.warn({ err: error }, 'the dealer dashboard could not be rendered here: the browser renders it');
        next();
      },
    );
  };
}
