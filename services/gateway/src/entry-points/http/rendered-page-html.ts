import { createHash } from 'node:crypto';
import { SERVER_ANSWERS_ELEMENT_ID } from '@cardirect/contracts';

/** The shell's entry script as its index.html loads it. */
const entryScriptTag = /<script defer(?:="")? src="([^"]+)"><\/script>/;

/** What goes into the shell's index.html for a page the gateway rendered. */
export interface RenderedPage {
  title: string;
  /** The root element's content. */
  rootHtml: string;
  /** The API answers the markup was rendered from, for the browser's first render to adopt. */
  answers: unknown[];
  /** Stylesheets the markup needs before any script runs (the shell's and the screen's). */
  stylesheets: string[];
  /** Scripts the app asks for as soon as it starts, beside the shell's entry (the screen's remote's). */
  scripts: string[];
}

/**
 * Starts the shell's script once the page is on screen: loaded, the photos that load at once
 * decoded, and a frame holding them produced (or after at most 3 s). The markup is the page; the
 * app's start is 300-500 ms of main thread on two cores, which held the photos' paint back when it
 * ran any earlier (docs/performance.md). Inline, allowed by its hash.
 */
function entryStarter(entryUrl: string): string {
  return `(function(){var started=false;function start(){if(started)return;started=true;var script=document.createElement('script');script.src=${JSON.stringify(entryUrl)};document.body.append(script)}function afterAFrame(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start)})})}addEventListener('load',function(){var photos=Array.prototype.slice.call(document.querySelectorAll('#root img[loading="eager"]'));Promise.all(photos.map(function(photo){return photo.decode().catch(function(){})})).then(afterAFrame)});setTimeout(start,3000)})()`;
}

/** JSON inside a script element: nothing in it can close the element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The shell's index.html holding a rendered page, and the hash its inline starter needs in the
 * Content-Security-Policy; undefined when the index does not have the shape this expects (its
 * entry script, its empty root), so the page is served for the browser to render instead.
 */
export function renderedPageHtml(indexHtml: string, page: RenderedPage): { html: string; scriptHash: string } | undefined {
  const entry = entryScriptTag.exec(indexHtml);
  if (!entry || !indexHtml.includes('<div id="root"></div>')) return undefined;
  const starter = entryStarter(entry[1]!);
  // The scripts start once the page is on screen, but are fetched with it: on a slow connection
  // the app then takes the page over without waiting for them after the photos. The remote's wait
  // behind the photos (low priority), whose bandwidth they would otherwise share; on a throttled
  // 1.6 Mbit/s link this took the page over 150-200 ms sooner (docs/performance.md).
  const links = [
    ...page.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    `<link rel="preload" as="script" href="${escapeHtml(entry[1]!)}">`,
    ...page.scripts.map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}" fetchpriority="low">`),
  ].join('');
  const html = indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', () => `${links}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.rootHtml}</div><script type="application/json" id="${SERVER_ANSWERS_ELEMENT_ID}">${scriptSafeJson(page.answers)}</script>`)
    .replace(entry[0], () => `<script>${starter}</script>`);
  return { html, scriptHash: `'sha256-${createHash('sha256').update(starter).digest('base64')}'` };
}
