// One picture of many screens: the screenshots of a width laid out side by side with their names,
// drawn by Chromium itself (an HTML page of the images, photographed), so no image library is needed.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';

export interface Shot {
  /** What the screen is, e.g. `dealer · dashboard`. */
  label: string;
  file: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character]!);

/**
 * Writes `outFile`, a PNG of every shot taken at `width` px: scaled to one column width, tall pages
 * cut after `maxHeight` px of the column (marked as cut), in rows of `columns`.
 */
export async function writeContactSheet(browser: Browser, shots: readonly Shot[], width: number, outFile: string): Promise<void> {
  const columnWidth = width <= 400 ? 300 : width <= 800 ? 384 : 448;
  const columns = width <= 400 ? 7 : 5;
  const maxHeight = 1400;
  const gap = 24;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Contact sheet ${width} px</title><style>
body { margin: 0; padding: ${gap}px; background: #e2e8f0; font: 14px/1.4 system-ui, sans-serif; color: #0f172a; }
h1 { margin: 0 0 ${gap}px; font-size: 22px; }
.sheet { display: grid; grid-template-columns: repeat(${columns}, ${columnWidth}px); gap: ${gap}px; align-items: start; }
figure { margin: 0; background: #fff; border-radius: 8px; box-shadow: 0 1px 3px rgb(0 0 0 / .15); overflow: hidden; }
figcaption { padding: 6px 10px; font-weight: 600; border-bottom: 1px solid #e2e8f0; }
.frame { max-height: ${maxHeight}px; overflow: hidden; position: relative; }
.frame img { display: block; width: ${columnWidth}px; }
.frame.cut::after { content: 'continues'; position: absolute; inset: auto 0 0 0; padding: 16px 0 6px; text-align: center; font-size: 12px; color: #475569; background: linear-gradient(transparent, #fff 60%); }
</style></head><body><h1>CarDirect at ${width} px: ${shots.length} screens</h1><div class="sheet">${shots
    .map(
      (shot) =>
        `<figure><figcaption>${escapeHtml(shot.label)}</figcaption><div class="frame"><img alt="${escapeHtml(shot.label)}" src="${pathToFileURL(shot.file).href}"></div></figure>`,
    )
    .join('')}</div></body></html>`;
  const htmlFile = outFile.replace(/\.png$/, '.html');
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(htmlFile, html);
  const page = await browser.newPage({ viewport: { width: columns * (columnWidth + gap) + gap, height: 800 } });
  try {
    await page.goto(pathToFileURL(htmlFile).href);
    await page.evaluate(() => Promise.all(Array.from(document.images, (image) => image.decode())));
    // Mark the frames whose picture is longer than the frame shows.
    await page.evaluate(() => {
      for (const frame of Array.from(document.querySelectorAll('.frame'))) if (frame.scrollHeight > frame.clientHeight) frame.classList.add('cut');
    });
    await page.screenshot({ path: outFile, fullPage: true });
  } finally {
    await page.close();
  }
}
