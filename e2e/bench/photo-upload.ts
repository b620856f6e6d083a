// `npm run bench -- photo-upload`: what the seller wizard's photos (issue 36: up to 20 a car) cost on
// a slow phone link, to choose the encoding of the photos after the card image by the upload time
// measured, as the issue asks. In Debian's Chromium:
// 1. two models of a phone camera's 12 MP photo (4032 x 3024) are drawn on a canvas and saved as the
//    camera would (JPEG 0.92): a car outside, and a busy interior whose instrument cluster fills
//    the frame, as the wizard's odometer view asks;
// 2. each is resized by the wizard's own resizePhoto (libs/web/src/resize-photo.ts, bundled into the
//    page as it is) with each candidate encoding, and the JPEG's and the data URL's bytes are noted;
// 3. a JSON body like the wizard's POST /api/vehicles (the photos as data URLs, photoRoles, a
//    condition report) is sent by fetch from a page of a local server that reads and discards it,
//    with the link throttled through CDP to Lighthouse's mobile "slow 4G": a typical set (the card
//    photo and 6 more) and a full set (the card photo and 19 more).
// Also writes e2e/artifacts/photo-upload/odometer.png: the cluster's display in each encoding, to
// judge whether the odometer can be read, and the photos of the current choice beside it.
// A full set takes up to a minute and more: by default only those the link's figures put within
// the target are measured (one over it is out either way), the others computed from their bytes;
// BENCH_FULL_SETS=all measures every one, BENCH_FULL_SETS=computed none. About 4 minutes.
// Writes bench-results/photo-upload.json.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { CDPSession, Page } from 'playwright-core';
import {
  DETAIL_PHOTO_JPEG_QUALITY,
  DETAIL_PHOTO_MAX_SIDE_PX,
  PHOTO_JPEG_QUALITY,
  PHOTO_MAX_SIDE_PX,
  vehicleSubmissionSchema,
  type PhotoRole,
} from '@cardirect/contracts';
import { machineFacts, round, writeBenchResults } from '../support/bench-tools';
import { launchBrowser } from '../support/browser';
import { artifactsDir, repoRoot } from '../support/paths';

/** A phone camera's 12 MP frame, 4:3. */
const CAMERA = { width: 4032, height: 3024, jpegQuality: 0.92 };

interface Encoding {
  maxSide: number;
  quality: number;
}

const CARD_ENCODING: Encoding = { maxSide: PHOTO_MAX_SIDE_PX, quality: PHOTO_JPEG_QUALITY };
const CURRENT_DETAIL_ENCODING: Encoding = { maxSide: DETAIL_PHOTO_MAX_SIDE_PX, quality: DETAIL_PHOTO_JPEG_QUALITY };
const CANDIDATES: Encoding[] = [CARD_ENCODING, { maxSide: 1024, quality: 0.75 }, { maxSide: 1280, quality: 0.75 }, { maxSide: 1280, quality: 0.8 }, { maxSide: 1600, quality: 0.8 }];
const label = (encoding: Encoding) => `${encoding.maxSide} @${encoding.quality.toFixed(2)}`;
const sameEncoding = (a: Encoding, b: Encoding) => a.maxSide === b.maxSide && a.quality === b.quality;

/**
 * Lighthouse's mobile preset, "slow 4G": 150 ms round trip, 1.6 Mbps down, 750 Kbps up, where a
 * Kbps is 1024 bits a second (Lighthouse 12.2: core/config/constants.js takes
 * `throttling.mobileSlow4G` from lantern's simulation/Constants.js in @paulirish/trace_engine:
 * rttMs 150, throughputKbps 1.6 * 1024, uploadThroughputKbps 750 * 0.9; its docs/throttling.md:
 * "Latency: 150ms, Throughput: 1.6Mbps down / 750 Kbps up"). Converted to CDP's bytes a second as
 * Lighthouse's core/lib/emulation.js does (Kbps * 1024 / 8).
 * When Lighthouse applies the preset through DevTools rather than simulating it, it takes 3.75 times
 * the latency and 0.9 times the throughput, to make up for throttling whole requests rather than
 * packets; those figures give the `lighthouseDevtools` times, computed, about a tenth slower.
 */
const SLOW_4G = { latencyMs: 150, downloadKbps: 1.6 * 1024, uploadKbps: 750 };
const SLOW_4G_DEVTOOLS = { latencyMs: 150 * 3.75, downloadKbps: 1.6 * 1024 * 0.9, uploadKbps: 750 * 0.9 };
const bytesPerSecond = (kbps: number) => Math.floor((kbps * 1024) / 8);

/** The issue's aims on that link. */
const TYPICAL_SET_TARGET_MS = 15_000;
const FULL_SET_TARGET_MS = 60_000;

/** A measured upload this far from the one the link's figures give means the throttle did not hold. */
const THROTTLE_TOLERANCE = 0.25;

type Scene = 'exterior' | 'interior';

interface SetPhoto {
  scene: Scene;
  role: PhotoRole;
}

/**
 * The sets the wizard sends. The card photo (the front three-quarter view) is always 600 px at 0.7;
 * the others at the candidate encoding. Views of the car and damage photos are of the outside, the
 * interior and odometer views of the inside, the extra photos alternate (seats, boot, engine bay:
 * busy scenes too). A typical set: the four views and three extra photos. A full set: the four
 * views, eight extra photos and eight declared damages.
 */
const extras = (count: number): SetPhoto[] => Array.from({ length: count }, (_, index) => ({ scene: index % 2 === 0 ? 'exterior' : 'interior', role: { role: 'extra' } }));
const views: SetPhoto[] = [
  { scene: 'exterior', role: { role: 'view', view: 'front-three-quarter' } },
  { scene: 'exterior', role: { role: 'view', view: 'rear-three-quarter' } },
  { scene: 'interior', role: { role: 'view', view: 'interior-front' } },
  { scene: 'interior', role: { role: 'view', view: 'odometer' } },
];
const FULL_SET_DAMAGES = 8;
const SETS = {
  typical: { photos: [...views, ...extras(3)], damages: 0 },
  full: { photos: [...views, ...extras(8), ...Array.from({ length: FULL_SET_DAMAGES }, (_, damageIndex): SetPhoto => ({ scene: 'exterior', role: { role: 'damage', damageIndex } }))], damages: FULL_SET_DAMAGES },
} as const;
type SetName = keyof typeof SETS;

// ---- In the page ----

interface CameraPhoto {
  scene: Scene;
  width: number;
  height: number;
  cameraJpegBytes: number;
  drawMs: number;
  /** Where the odometer's display is, in the camera's pixels. */
  odometerBox?: { x: number; y: number; width: number; height: number };
}

interface BenchWindow {
  benchPhotos: { resizePhoto(file: Blob, encoding: Encoding): Promise<string> };
  cameraPhotos: Record<string, Blob>;
  encodedPhotos: Record<string, string>;
}

/**
 * Runs in the page: draws a model of a phone camera's photo and keeps its JPEG as the camera would
 * save it. It is a model, not a real photo. A flat gradient compresses far better than any photo,
 * so the scene has what makes a photo expensive to JPEG-encode: smooth gradients (sky, paint,
 * glass), large shapes with hard edges (a car's body, wheels, buildings, gauges), fine high-contrast
 * detail (windows, grille mesh, grass, tick marks, small text) and textures (asphalt, leather), all
 * under mild per-pixel sensor noise, which a phone's own processing leaves after denoising. The
 * exterior is a car on a forecourt; the interior an instrument cluster filling most of the frame
 * with its odometer at the size such a photo shows it (digits about 1.3% of the frame's height),
 * the busiest of the wizard's photos. Seeded, so every run encodes the same pixels.
 */
async function drawCameraPhoto({ scene, width: W, height: H, jpegQuality }: { scene: Scene; width: number; height: number; jpegQuality: number }): Promise<CameraPhoto> {
  const started = performance.now();
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;

  let seed = scene === 'exterior' ? 0x2f6e2b1 : 0x51ed270b;
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (low: number, high: number) => low + random() * (high - low);
  const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

  /** Adds two octaves of value noise and a per-pixel grain to what is drawn in the rectangle. */
  const texture = (x0: number, y0: number, w: number, h: number, coarse: { cell: number; amplitude: number }, fine: { cell: number; amplitude: number }, grain: number) => {
    const image = ctx.getImageData(x0, y0, w, h);
    const grid = (cell: number) => {
      const columns = Math.ceil(w / cell) + 2;
      const rows = Math.ceil(h / cell) + 2;
      const values = new Float32Array(columns * rows);
      for (let index = 0; index < values.length; index++) values[index] = random() - 0.5;
      return { cell, columns, values };
    };
    const sample = (g: ReturnType<typeof grid>, x: number, y: number) => {
      const gx = x / g.cell;
      const gy = y / g.cell;
      const ix = Math.floor(gx);
      const iy = Math.floor(gy);
      const fx = gx - ix;
      const fy = gy - iy;
      const at = iy * g.columns + ix;
      const top = g.values[at]! * (1 - fx) + g.values[at + 1]! * fx;
      const bottom = g.values[at + g.columns]! * (1 - fx) + g.values[at + g.columns + 1]! * fx;
      return top * (1 - fy) + bottom * fy;
    };
    const coarseGrid = grid(coarse.cell);
    const fineGrid = grid(fine.cell);
    const data = image.data;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const delta = coarse.amplitude * sample(coarseGrid, x, y) + fine.amplitude * sample(fineGrid, x, y) + grain * (random() - 0.5);
        const offset = (y * w + x) * 4;
        data[offset] += delta;
        data[offset + 1] += delta;
        data[offset + 2] += delta;
      }
    }
    ctx.putImageData(image, x0, y0);
  };

  const roundedRect = (x: number, y: number, w: number, h: number, r: number) => {
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, r);
  };

  let odometerBox: CameraPhoto['odometerBox'];

  if (scene === 'exterior') {
    const horizon = Math.round(H * 0.46);
    // Sky.
    const sky = ctx.createLinearGradient(0, 0, 0, horizon);
    sky.addColorStop(0, '#2f63ad');
    sky.addColorStop(0.6, '#7fa9d6');
    sky.addColorStop(1, '#d4e4f1');
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, W, horizon);
    for (let cloud = 0; cloud < 11; cloud++) {
      const cx = between(0, W);
      const cy = between(80, horizon * 0.6);
      for (let puff = 0; puff < 12; puff++) {
        const px = cx + between(-380, 380);
        const py = cy + between(-70, 70);
        const r = between(70, 190);
        const gradient = ctx.createRadialGradient(px, py, 0, px, py, r);
        gradient.addColorStop(0, 'rgba(255,255,255,0.85)');
        gradient.addColorStop(1, 'rgba(255,255,255,0)');
        ctx.fillStyle = gradient;
        ctx.fillRect(px - r, py - r, 2 * r, 2 * r);
      }
    }
    // Buildings behind the forecourt, their windows a grid of small high-contrast rectangles.
    for (let x = -50; x < W; ) {
      const w = between(160, 420);
      const h = between(160, 620);
      ctx.fillStyle = pick(['#8a8178', '#a39b8f', '#6f6a66', '#b8ad9c', '#7d746a']);
      ctx.fillRect(x, horizon - h, w, h);
      for (let wy = horizon - h + 24; wy < horizon - 40; wy += 52) {
        for (let wx = x + 16; wx < x + w - 30; wx += 42) {
          ctx.fillStyle = random() < 0.25 ? '#f3e3a1' : pick(['#2c3440', '#3b4656', '#1f252e']);
          ctx.fillRect(wx, wy, 20, 30);
        }
      }
      x += w + between(0, 60);
    }
    // Trees in front of them.
    for (let tree = 0; tree < 70; tree++) {
      const tx = between(0, W);
      const r = between(40, 130);
      ctx.fillStyle = pick(['#2f4a22', '#3d5e2b', '#263d1c', '#4a6b35']);
      for (let blob = 0; blob < 6; blob++) {
        ctx.beginPath();
        ctx.arc(tx + between(-r, r), horizon - r * between(0.6, 1.6), r * between(0.5, 0.9), 0, Math.PI * 2);
        ctx.fill();
      }
    }
    // The forecourt: asphalt, its bay lines in perspective, worn by the texture laid over them.
    const ground = ctx.createLinearGradient(0, horizon, 0, H);
    ground.addColorStop(0, '#8c8c88');
    ground.addColorStop(1, '#44443f');
    ctx.fillStyle = ground;
    ctx.fillRect(0, horizon, W, H - horizon);
    ctx.fillStyle = '#e9e6da';
    const vanishX = W / 2;
    for (let bay = -7; bay <= 7; bay++) {
      const bottomX = vanishX + bay * 820;
      const topX = vanishX + bay * 140;
      ctx.beginPath();
      ctx.moveTo(topX - 3, horizon + 140);
      ctx.lineTo(topX + 3, horizon + 140);
      ctx.lineTo(bottomX + 22, H);
      ctx.lineTo(bottomX - 22, H);
      ctx.closePath();
      ctx.fill();
    }
    ctx.fillRect(0, horizon + 140, W, 8);
    texture(0, horizon, W, H - horizon, { cell: 90, amplitude: 26 }, { cell: 3, amplitude: 30 }, 22);
    // A verge of grass along the horizon: thousands of short strokes.
    ctx.lineCap = 'round';
    for (let blade = 0; blade < 9000; blade++) {
      const bx = between(0, W);
      const by = horizon + between(0, 110);
      ctx.strokeStyle = pick(['#4f7a2c', '#6a9438', '#3b5f22', '#86a84a', '#2d4a1a']);
      ctx.lineWidth = between(1.5, 3.5);
      ctx.beginPath();
      ctx.moveTo(bx, by);
      ctx.lineTo(bx + between(-8, 8), by - between(10, 45));
      ctx.stroke();
    }
    // The dealer's sign: lines of text of several sizes.
    ctx.fillStyle = '#59595c';
    ctx.fillRect(560, 1100, 40, horizon + 160 - 1100);
    ctx.fillStyle = '#1b3f8b';
    roundedRect(140, 560, 900, 560, 18);
    ctx.fill();
    ctx.fillStyle = '#ffffff';
    ctx.font = 'bold 120px sans-serif';
    ctx.fillText('CARDIRECT', 190, 710);
    ctx.font = '64px sans-serif';
    ctx.fillText('Quality used cars', 190, 810);
    ctx.font = '42px sans-serif';
    ctx.fillText('Mon-Sat 9:00-18:00  555-0137', 190, 890);
    ctx.font = '28px sans-serif';
    for (const [index, line] of ['Financing available on approved credit. Ask about', 'trade-in offers, extended warranties and delivery.', 'www.cardirect.example  |  Open today until 6 pm'].entries()) {
      ctx.fillText(line, 190, 960 + index * 40);
    }

    // The car, its shadow first.
    ctx.save();
    ctx.fillStyle = 'rgba(0,0,0,0.45)';
    ctx.filter = 'blur(30px)';
    ctx.beginPath();
    ctx.ellipse(2120, 2560, 1500, 110, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();

    const body = new Path2D();
    body.moveTo(760, 2400);
    body.lineTo(760, 2110);
    body.quadraticCurveTo(790, 1960, 1010, 1935);
    body.lineTo(1260, 1905);
    body.quadraticCurveTo(1460, 1625, 1760, 1595);
    body.lineTo(2450, 1592);
    body.quadraticCurveTo(2720, 1605, 2960, 1850);
    body.lineTo(3350, 1905);
    body.quadraticCurveTo(3485, 1935, 3495, 2110);
    body.lineTo(3495, 2400);
    body.closePath();
    const paint = ctx.createLinearGradient(0, 1590, 0, 2400);
    paint.addColorStop(0, '#9e1018');
    paint.addColorStop(0.45, '#e3343d');
    paint.addColorStop(0.5, '#f7777c');
    paint.addColorStop(0.56, '#c91f28');
    paint.addColorStop(1, '#5e080d');
    ctx.fillStyle = paint;
    ctx.fill(body);
    ctx.lineWidth = 6;
    ctx.strokeStyle = '#3a0407';
    ctx.stroke(body);
    // Glass with the sky's reflection in it, and the pillar between the doors.
    const glass = new Path2D();
    glass.moveTo(1340, 1900);
    glass.quadraticCurveTo(1540, 1660, 1790, 1640);
    glass.lineTo(2430, 1638);
    glass.quadraticCurveTo(2660, 1660, 2860, 1880);
    glass.closePath();
    const tint = ctx.createLinearGradient(0, 1640, 0, 1900);
    tint.addColorStop(0, '#5d7189');
    tint.addColorStop(1, '#151c25');
    ctx.fillStyle = tint;
    ctx.fill(glass);
    ctx.save();
    ctx.clip(glass);
    ctx.fillStyle = 'rgba(255,255,255,0.22)';
    for (const streak of [1500, 1900, 2350]) {
      ctx.beginPath();
      ctx.moveTo(streak, 1630);
      ctx.lineTo(streak + 160, 1630);
      ctx.lineTo(streak - 80, 1910);
      ctx.lineTo(streak - 240, 1910);
      ctx.fill();
    }
    ctx.restore();
    ctx.fillStyle = '#121212';
    ctx.fillRect(2055, 1635, 44, 270);
    // Door seams, handles and mirror.
    ctx.strokeStyle = '#3a0407';
    ctx.lineWidth = 5;
    for (const seam of [1560, 2077, 2640]) {
      ctx.beginPath();
      ctx.moveTo(seam, 1905);
      ctx.lineTo(seam + 10, 2330);
      ctx.stroke();
    }
    ctx.fillStyle = '#d9d9d9';
    for (const handle of [1700, 2230]) {
      roundedRect(handle, 2000, 130, 26, 12);
      ctx.fill();
    }
    ctx.fillStyle = '#2a0306';
    ctx.beginPath();
    ctx.moveTo(2820, 1880);
    ctx.lineTo(2960, 1850);
    ctx.lineTo(2990, 1950);
    ctx.lineTo(2850, 1960);
    ctx.fill();
    // Lights, a grille of fine mesh and a number plate.
    const headlight = ctx.createLinearGradient(3360, 1950, 3480, 2040);
    headlight.addColorStop(0, '#fffbe8');
    headlight.addColorStop(1, '#c9c2a0');
    ctx.fillStyle = headlight;
    roundedRect(3360, 1950, 125, 80, 20);
    ctx.fill();
    ctx.strokeStyle = '#9a9a9a';
    ctx.lineWidth = 5;
    ctx.stroke();
    ctx.fillStyle = '#b0060e';
    roundedRect(765, 1990, 70, 110, 14);
    ctx.fill();
    ctx.fillStyle = '#0c0c0c';
    ctx.fillRect(3380, 2100, 112, 170);
    ctx.strokeStyle = '#8c8c8c';
    ctx.lineWidth = 2;
    for (let mesh = 0; mesh < 170; mesh += 9) {
      ctx.beginPath();
      ctx.moveTo(3380, 2100 + mesh);
      ctx.lineTo(3492, 2100 + mesh);
      ctx.stroke();
    }
    for (let mesh = 0; mesh < 112; mesh += 9) {
      ctx.beginPath();
      ctx.moveTo(3380 + mesh, 2100);
      ctx.lineTo(3380 + mesh, 2270);
      ctx.stroke();
    }
    ctx.fillStyle = '#f4f4f0';
    ctx.fillRect(3300, 2290, 190, 76);
    ctx.fillStyle = '#16325c';
    ctx.font = 'bold 44px monospace';
    ctx.fillText('7ABC123', 3308, 2345);
    ctx.fillStyle = '#dcdcdc';
    ctx.font = 'italic bold 40px sans-serif';
    ctx.fillText('GT-Line 2.0', 2700, 2290);
    // Wheels: tyre with tread blocks, rim with spokes, brake disc, hub and nuts.
    for (const cx of [1210, 3010]) {
      const cy = 2330;
      ctx.fillStyle = '#0d0d0d';
      ctx.beginPath();
      ctx.arc(cx, cy, 375, Math.PI, 0);
      ctx.fill();
      ctx.fillStyle = '#1a1a1a';
      ctx.beginPath();
      ctx.arc(cx, cy, 330, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = '#2c2c2c';
      ctx.lineWidth = 7;
      for (let block = 0; block < 72; block++) {
        const angle = (block / 72) * Math.PI * 2;
        ctx.beginPath();
        ctx.moveTo(cx + Math.cos(angle) * 300, cy + Math.sin(angle) * 300);
        ctx.lineTo(cx + Math.cos(angle) * 328, cy + Math.sin(angle) * 328);
        ctx.stroke();
      }
      ctx.fillStyle = '#3a3a3a';
      ctx.beginPath();
      ctx.arc(cx, cy, 225, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = '#575757';
      ctx.lineWidth = 3;
      for (let ring = 90; ring < 200; ring += 12) {
        ctx.beginPath();
        ctx.arc(cx, cy, ring, 0, Math.PI * 2);
        ctx.stroke();
      }
      const alloy = ctx.createRadialGradient(cx - 60, cy - 60, 20, cx, cy, 230);
      alloy.addColorStop(0, '#f2f2f2');
      alloy.addColorStop(1, '#8d8d8d');
      ctx.fillStyle = alloy;
      for (let spoke = 0; spoke < 10; spoke++) {
        const angle = (spoke / 10) * Math.PI * 2;
        ctx.beginPath();
        ctx.moveTo(cx + Math.cos(angle - 0.05) * 55, cy + Math.sin(angle - 0.05) * 55);
        ctx.lineTo(cx + Math.cos(angle - 0.12) * 220, cy + Math.sin(angle - 0.12) * 220);
        ctx.lineTo(cx + Math.cos(angle + 0.12) * 220, cy + Math.sin(angle + 0.12) * 220);
        ctx.lineTo(cx + Math.cos(angle + 0.05) * 55, cy + Math.sin(angle + 0.05) * 55);
        ctx.fill();
      }
      ctx.lineWidth = 18;
      ctx.strokeStyle = alloy;
      ctx.beginPath();
      ctx.arc(cx, cy, 222, 0, Math.PI * 2);
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(cx, cy, 60, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#303030';
      for (let nut = 0; nut < 5; nut++) {
        const angle = (nut / 5) * Math.PI * 2;
        ctx.beginPath();
        ctx.arc(cx + Math.cos(angle) * 36, cy + Math.sin(angle) * 36, 9, 0, Math.PI * 2);
        ctx.fill();
      }
    }
    // Leaves and litter on the ground in front.
    for (let leaf = 0; leaf < 400; leaf++) {
      ctx.fillStyle = pick(['#7a5a2a', '#a7772f', '#5a4322', '#c29a52']);
      ctx.beginPath();
      ctx.ellipse(between(0, W), between(2500, H), between(6, 18), between(3, 8), between(0, Math.PI), 0, Math.PI * 2);
      ctx.fill();
    }
  } else {
    // Through the windscreen: bright, out of focus.
    const outside = ctx.createLinearGradient(0, 0, 0, H * 0.3);
    outside.addColorStop(0, '#c9dcef');
    outside.addColorStop(1, '#eef3f6');
    ctx.fillStyle = outside;
    ctx.fillRect(0, 0, W, H * 0.3);
    // Drawn at a sixteenth of the size and enlarged: out of focus, and far cheaper than a blur filter.
    const shrink = 16;
    const scenery = document.createElement('canvas');
    scenery.width = W / shrink;
    scenery.height = Math.round((H * 0.36) / shrink);
    const sceneryContext = scenery.getContext('2d')!;
    for (let tree = 0; tree < 40; tree++) {
      sceneryContext.fillStyle = pick(['#6f8f5a', '#4f6e3f', '#8aa873', '#9aa3a8']);
      sceneryContext.beginPath();
      sceneryContext.arc(between(0, W) / shrink, between(H * 0.12, H * 0.3) / shrink, between(60, 200) / shrink, 0, Math.PI * 2);
      sceneryContext.fill();
    }
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(scenery, 0, 0, W, scenery.height * shrink);
    // The dashboard: dark leather with its grain.
    const dash = ctx.createLinearGradient(0, H * 0.24, 0, H);
    dash.addColorStop(0, '#3a3a3d');
    dash.addColorStop(0.3, '#1f1f22');
    dash.addColorStop(1, '#141416');
    ctx.fillStyle = dash;
    ctx.beginPath();
    ctx.moveTo(0, H * 0.34);
    ctx.quadraticCurveTo(W / 2, H * 0.18, W, H * 0.34);
    ctx.lineTo(W, H);
    ctx.lineTo(0, H);
    ctx.fill();
    const dashTop = Math.round(H * 0.24);
    texture(0, dashTop, W, H - dashTop, { cell: 40, amplitude: 10 }, { cell: 4, amplitude: 16 }, 12);
    // A-pillars.
    ctx.fillStyle = '#232326';
    for (const side of [0, 1]) {
      ctx.beginPath();
      ctx.moveTo(side ? W : 0, 0);
      ctx.lineTo(side ? W - 420 : 420, 0);
      ctx.lineTo(side ? W : 0, H * 0.36);
      ctx.fill();
    }
    // The cluster's hood and face.
    ctx.fillStyle = '#19191b';
    roundedRect(560, 880, W - 1120, 1330, 260);
    ctx.fill();
    ctx.strokeStyle = '#4a4a4f';
    ctx.lineWidth = 10;
    ctx.stroke();
    ctx.fillStyle = '#060607';
    roundedRect(640, 960, W - 1280, 1170, 220);
    ctx.fill();
    const gauge = (cx: number, cy: number, r: number, max: number, step: number, majorEvery: number, unit: string, needle: number, redFrom?: number) => {
      const ring = ctx.createLinearGradient(cx - r, cy - r, cx + r, cy + r);
      ring.addColorStop(0, '#e6e6e6');
      ring.addColorStop(0.5, '#6c6c6c');
      ring.addColorStop(1, '#d0d0d0');
      ctx.strokeStyle = ring;
      ctx.lineWidth = 16;
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      ctx.stroke();
      const face = ctx.createRadialGradient(cx, cy, 0, cx, cy, r);
      face.addColorStop(0, '#1b1d22');
      face.addColorStop(1, '#020203');
      ctx.fillStyle = face;
      ctx.beginPath();
      ctx.arc(cx, cy, r - 8, 0, Math.PI * 2);
      ctx.fill();
      const angleOf = (value: number) => ((225 - (value / max) * 270) * Math.PI) / 180;
      if (redFrom !== undefined) {
        ctx.strokeStyle = '#d01818';
        ctx.lineWidth = 30;
        ctx.beginPath();
        ctx.arc(cx, cy, r - 40, -angleOf(redFrom), -angleOf(max), false);
        ctx.stroke();
      }
      ctx.fillStyle = '#f4f4f4';
      ctx.strokeStyle = '#f4f4f4';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      for (let value = 0; value <= max + 1e-9; value += step) {
        const angle = angleOf(value);
        const major = Math.abs(value / majorEvery - Math.round(value / majorEvery)) < 1e-6;
        const inner = r - (major ? 80 : 50);
        ctx.lineWidth = major ? 10 : 4;
        ctx.beginPath();
        ctx.moveTo(cx + Math.cos(angle) * (r - 26), cy - Math.sin(angle) * (r - 26));
        ctx.lineTo(cx + Math.cos(angle) * inner, cy - Math.sin(angle) * inner);
        ctx.stroke();
        if (major) {
          ctx.font = 'bold 64px sans-serif';
          ctx.fillText(String(Math.round(value)), cx + Math.cos(angle) * (r - 145), cy - Math.sin(angle) * (r - 145));
        }
      }
      // A second, smaller scale inside: a dense ring of small numbers.
      ctx.font = '30px sans-serif';
      ctx.fillStyle = '#9fb4c8';
      for (let value = 0; value <= max + 1e-9; value += majorEvery / 2) {
        const angle = angleOf(value);
        ctx.fillText(String(Math.round(value * 0.62)), cx + Math.cos(angle) * (r - 230), cy - Math.sin(angle) * (r - 230));
      }
      ctx.fillStyle = '#f4f4f4';
      ctx.font = '40px sans-serif';
      ctx.fillText(unit, cx, cy + r * 0.45);
      const needleAngle = angleOf(needle);
      ctx.fillStyle = '#ff3b1f';
      ctx.beginPath();
      ctx.moveTo(cx + Math.cos(needleAngle) * (r - 40), cy - Math.sin(needleAngle) * (r - 40));
      ctx.lineTo(cx + Math.cos(needleAngle + Math.PI / 2) * 14, cy - Math.sin(needleAngle + Math.PI / 2) * 14);
      ctx.lineTo(cx + Math.cos(needleAngle - Math.PI / 2) * 14, cy - Math.sin(needleAngle - Math.PI / 2) * 14);
      ctx.fill();
      ctx.fillStyle = '#2b2b2e';
      ctx.beginPath();
      ctx.arc(cx, cy, 52, 0, Math.PI * 2);
      ctx.fill();
    };
    gauge(1240, 1545, 520, 260, 5, 20, 'km/h', 52);
    gauge(W - 1240, 1545, 520, 8, 0.25, 1, 'x1000 r/min', 1.8, 6.5);
    // The display between the gauges: gear, temperature, clock, fuel, and the odometer.
    const lcd = { x: 1800, y: 1150, width: W - 3600, height: 800 };
    ctx.fillStyle = '#0a1018';
    roundedRect(lcd.x, lcd.y, lcd.width, lcd.height, 30);
    ctx.fill();
    ctx.strokeStyle = '#2d3a4a';
    ctx.lineWidth = 6;
    ctx.stroke();
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
    ctx.fillStyle = '#e8f4ff';
    ctx.font = 'bold 48px sans-serif';
    ctx.fillText('14:37', lcd.x + 30, lcd.y + 70);
    ctx.fillText('22°C', lcd.x + lcd.width - 140, lcd.y + 70);
    ctx.font = 'bold 150px sans-serif';
    ctx.fillText('D', lcd.x + lcd.width / 2 - 50, lcd.y + 280);
    ctx.font = '34px sans-serif';
    ctx.fillStyle = '#8fb3d9';
    ctx.fillText('RANGE 412 mi   AVG 31.6 mpg', lcd.x + 30, lcd.y + 380);
    for (let bar = 0; bar < 10; bar++) {
      ctx.fillStyle = bar < 6 ? '#e8f4ff' : '#24313f';
      ctx.fillRect(lcd.x + 30 + bar * 38, lcd.y + 420, 28, 50);
    }
    ctx.font = '30px sans-serif';
    ctx.fillStyle = '#8fb3d9';
    ctx.fillText('E', lcd.x + 30, lcd.y + 510);
    ctx.fillText('F', lcd.x + 30 + 9 * 38 + 6, lcd.y + 510);
    // The odometer: digits about 40 px tall in 3024, as a photo of the whole cluster shows them.
    ctx.fillStyle = '#8fb3d9';
    ctx.font = '34px sans-serif';
    ctx.fillText('ODO', lcd.x + 30, lcd.y + 620);
    ctx.fillStyle = '#ffffff';
    ctx.font = 'bold 56px monospace';
    ctx.fillText('087412 mi', lcd.x + 120, lcd.y + 622);
    ctx.fillStyle = '#8fb3d9';
    ctx.font = '34px sans-serif';
    ctx.fillText('TRIP A', lcd.x + 30, lcd.y + 700);
    ctx.fillStyle = '#e8f4ff';
    ctx.font = 'bold 40px monospace';
    ctx.fillText('312.4 mi', lcd.x + 170, lcd.y + 700);
    odometerBox = { x: lcd.x - 20, y: lcd.y + 540, width: lcd.width + 40, height: 200 };
    // Warning lights and their labels under the display.
    const lights = [
      ['#f2b705', 'ABS'],
      ['#d0231b', 'SRS'],
      ['#f2b705', 'TPMS'],
      ['#2fbf4f', 'ECO'],
      ['#3b82f6', 'HI'],
      ['#d0231b', 'BRAKE'],
    ] as const;
    ctx.font = 'bold 26px sans-serif';
    for (const [index, [colour, text]] of lights.entries()) {
      const lx = lcd.x + (index % 3) * 150;
      const ly = lcd.y + lcd.height + 40 + Math.floor(index / 3) * 70;
      ctx.strokeStyle = colour;
      ctx.lineWidth = 5;
      ctx.beginPath();
      ctx.arc(lx + 25, ly + 20, 20, 0, Math.PI * 2);
      ctx.stroke();
      ctx.fillStyle = colour;
      ctx.fillText(text, lx + 55, ly + 30);
    }
    // Vents with fine slats on both sides.
    for (const vx of [80, W - 480]) {
      ctx.fillStyle = '#0b0b0c';
      roundedRect(vx, 1300, 400, 420, 40);
      ctx.fill();
      for (let slat = 1320; slat < 1700; slat += 16) {
        ctx.fillStyle = '#5c5c60';
        ctx.fillRect(vx + 20, slat, 360, 6);
      }
    }
    // The steering wheel in front: a thick rim with stitching, spokes with labelled buttons.
    const wheelX = W / 2;
    const wheelY = 3350;
    const rim = ctx.createRadialGradient(wheelX, wheelY, 1090, wheelX, wheelY, 1270);
    rim.addColorStop(0, '#0e0e0f');
    rim.addColorStop(0.5, '#3b3734');
    rim.addColorStop(1, '#0e0e0f');
    ctx.strokeStyle = rim;
    ctx.lineWidth = 170;
    ctx.beginPath();
    ctx.arc(wheelX, wheelY, 1180, Math.PI * 1.05, Math.PI * 1.95);
    ctx.stroke();
    ctx.strokeStyle = '#b5b5b5';
    ctx.lineWidth = 4;
    ctx.setLineDash([16, 12]);
    for (const radius of [1110, 1250]) {
      ctx.beginPath();
      ctx.arc(wheelX, wheelY, radius, Math.PI * 1.05, Math.PI * 1.95);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    ctx.fillStyle = '#202023';
    ctx.fillRect(wheelX - 1150, 2530, 2300, 240);
    ctx.font = 'bold 26px sans-serif';
    ctx.textAlign = 'center';
    const buttons = ['RES', 'SET', '+', '-', 'CANCEL', 'LIM', 'MODE', 'VOL', 'MUTE', 'SRC', 'CALL', 'VOICE'];
    for (const [index, text] of buttons.entries()) {
      const side = index < 6 ? -1 : 1;
      const column = index % 3;
      const row = Math.floor((index % 6) / 3);
      const bx = wheelX + side * (420 + column * 170) - 70;
      const by = 2560 + row * 100;
      ctx.fillStyle = '#3a3a3e';
      roundedRect(bx, by, 140, 80, 16);
      ctx.fill();
      ctx.fillStyle = '#f0f0f0';
      ctx.fillText(text, bx + 70, by + 50);
    }
    ctx.fillStyle = '#2d2d31';
    ctx.beginPath();
    ctx.arc(wheelX, 2650, 190, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#c8c8c8';
    ctx.font = 'bold 60px serif';
    ctx.fillText('CD', wheelX, 2672);
    ctx.textAlign = 'left';
  }

  // Sensor noise left after the phone's denoising: mild, mostly in brightness, a little in colour.
  const image = ctx.getImageData(0, 0, W, H);
  const data = image.data;
  let state = 0x9e3779b9;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  for (let offset = 0; offset < data.length; offset += 4) {
    const luma = (next() + next() + next() - 1.5) * 5;
    data[offset] += luma + (next() - 0.5) * 3;
    data[offset + 1] += luma;
    data[offset + 2] += luma + (next() - 0.5) * 3;
  }
  ctx.putImageData(image, 0, 0);

  const jpeg = await new Promise<Blob>((resolve, reject) => canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('toBlob gave nothing'))), 'image/jpeg', jpegQuality));
  (window as unknown as BenchWindow).cameraPhotos ??= {};
  (window as unknown as BenchWindow).cameraPhotos[scene] = jpeg;
  return { scene, width: W, height: H, cameraJpegBytes: jpeg.size, drawMs: performance.now() - started, odometerBox };
}

interface EncodedPhoto {
  width: number;
  height: number;
  jpegBytes: number;
  dataUrlBytes: number;
  resizeMs: number;
}

/** Runs in the page: the camera's photo through the wizard's resizePhoto, kept for the uploads under `key`. */
async function encodePhoto({ scene, encoding, key }: { scene: Scene; encoding: Encoding; key: string }): Promise<EncodedPhoto> {
  const bench = window as unknown as BenchWindow;
  const started = performance.now();
  const dataUrl = await bench.benchPhotos.resizePhoto(bench.cameraPhotos[scene]!, encoding);
  const resizeMs = performance.now() - started;
  bench.encodedPhotos ??= {};
  bench.encodedPhotos[key] = dataUrl;
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const image = new Image();
  image.src = dataUrl;
  await image.decode();
  // A data URL is ASCII: its length is its bytes in the JSON body.
  return { width: image.naturalWidth, height: image.naturalHeight, jpegBytes: (base64.length * 3) / 4 - padding, dataUrlBytes: dataUrl.length, resizeMs };
}

interface Upload {
  status: number;
  requestBytes: number;
  ms: number;
  answer: string;
}

/** Runs in the page: the wizard's JSON POST of a car with these photos, timed from the call to the whole answer. */
async function postCar({ target, photoKeys, photoRoles, damages }: { target: string; photoKeys: string[]; photoRoles: PhotoRole[]; damages: number }): Promise<Upload> {
  const photos = (window as unknown as BenchWindow).encodedPhotos;
  const panels = ['front-bumper', 'hood', 'roof', 'trunk', 'rear-bumper', 'front-left-fender', 'front-right-fender', 'front-left-door'];
  const body = JSON.stringify({
    make: 'toyota',
    model: 'Camry',
    year: 2019,
    trim: 'SE',
    vin: '4T1B11HK5KU123456',
    mileage: 87412,
    exteriorColor: 'red',
    transmission: 'automatic',
    condition: 'good',
    titleStatus: 'clean',
    financingStatus: 'owned',
    zipCode: '94103',
    description: 'One owner, full service history, new tyres last spring. Small scratches as photographed.',
    fullName: 'Bench Seller',
    contactEmail: 'seller@example.com',
    contactPhone: '4155550137',
    photoUrls: photoKeys.map((key) => photos[key]!),
    photoRoles,
    conditionReport: {
      accidentHistory: 'none',
      warningLights: [],
      tires: 'good',
      panelDamage: panels.slice(0, damages).map((panel) => ({ panel, kind: 'scratch', size: 'small' })),
      windshield: 'clear',
      keys: 'two-or-more',
      serviceHistory: 'full',
      smokedIn: false,
    },
    sellerId: 1,
  });
  const started = performance.now();
  const response = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const answer = await response.text();
  return { status: response.status, requestBytes: new TextEncoder().encode(body).length, ms: performance.now() - started, answer };
}

// ---- In node ----

interface Received {
  bytes: number;
  /** From the request's headers to its last body byte, on the server's clock. */
  receiveMs: number;
}

/**
 * The page's origin and the upload's end: GET / is a blank page, POST /api/vehicles reads the body,
 * discards it and answers 201, POST /validate checks the body with the API's own schema (once, off
 * the clock, so that what is timed is what the API accepts).
 */
async function startUploadServer(): Promise<{ url: string; lastReceived(): Received | undefined; stop(): Promise<void> }> {
  let last: Received | undefined;
  const server = http.createServer((request, response) => {
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Photo upload bench</title></head><body></body></html>');
      return;
    }
    const arrived = performance.now();
    let bytes = 0;
    const chunks: Buffer[] = [];
    const validate = request.url === '/validate';
    request.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (validate) chunks.push(chunk);
    });
    request.on('end', () => {
      last = { bytes, receiveMs: performance.now() - arrived };
      if (!validate) {
        response.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"bench","status":"pending"}');
        return;
      }
      const parsed = vehicleSubmissionSchema().safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      const answer = parsed.success ? { ok: true } : { message: 'Invalid submission', errors: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
      response.writeHead(parsed.success ? 201 : 400, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  // A full set on the slow link takes minutes at worst: no server timeout may cut it.
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    lastReceived: () => last,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The wizard's resizePhoto and what it imports, as one script for the page. */
async function bundleResizePhoto(): Promise<string> {
  const bundled = await build({
    stdin: { contents: `export { resizePhoto } from './libs/web/src/resize-photo.ts';`, resolveDir: repoRoot, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'benchPhotos',
    platform: 'browser',
    conditions: ['source'],
    target: 'es2022',
    logLevel: 'error',
  });
  return bundled.outputFiles[0]!.text;
}

/** The time the link's figures give an upload of `bytes`: one round trip, the body up, the short answer down. */
function computedUploadMs(bytes: number, link: typeof SLOW_4G): number {
  const answerBytes = 200;
  return link.latencyMs + (bytes * 8 * 1000) / (link.uploadKbps * 1024) + (answerBytes * 8 * 1000) / (link.downloadKbps * 1024);
}

async function throttle(cdp: CDPSession, on: boolean): Promise<void> {
  await cdp.send(
    'Network.emulateNetworkConditions',
    on
      ? { offline: false, latency: SLOW_4G.latencyMs, downloadThroughput: bytesPerSecond(SLOW_4G.downloadKbps), uploadThroughput: bytesPerSecond(SLOW_4G.uploadKbps) }
      : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 },
  );
}

const photoKey = (scene: Scene, encoding: Encoding) => `${scene} ${label(encoding)}`;

/** The set's photo keys: the card photo at the spec's encoding, the others at `encoding`. */
function setPhotoKeys(set: SetName, encoding: Encoding): string[] {
  return SETS[set].photos.map((photo, index) => photoKey(photo.scene, index === 0 ? CARD_ENCODING : encoding));
}

/** Writes the odometer's display as each encoding keeps it, enlarged as a car page shows the photo 1280 px wide, and twice that (a dealer zooming in). */
async function writeOdometerSheet(page: Page, box: NonNullable<CameraPhoto['odometerBox']>, file: string): Promise<void> {
  const rows = [{ name: `camera ${CAMERA.width} px (reference)`, key: '' }, ...CANDIDATES.map((encoding) => ({ name: label(encoding), key: photoKey('interior', encoding) }))];
  const png = await page.evaluate(
    async ({ rows, box, cameraWidth }) => {
      const bench = window as unknown as BenchWindow;
      const images = await Promise.all(rows.map(async (row) => (row.key ? await createImageBitmap(await (await fetch(bench.encodedPhotos[row.key]!)).blob()) : await createImageBitmap(bench.cameraPhotos.interior!))));
      const displayWidth = 1280;
      const columns = [1, 2];
      const cropWidth = (box.width * displayWidth) / cameraWidth;
      const cropHeight = (box.height * displayWidth) / cameraWidth;
      const labelWidth = 300;
      const gap = 16;
      const sheet = document.createElement('canvas');
      sheet.width = labelWidth + columns.reduce((total, zoom) => total + cropWidth * zoom + gap, 0);
      sheet.height = 50 + rows.length * (cropHeight * 2 + gap);
      const context = sheet.getContext('2d')!;
      context.imageSmoothingQuality = 'high';
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, sheet.width, sheet.height);
      context.fillStyle = '#111111';
      context.font = 'bold 18px sans-serif';
      context.fillText('Odometer: photo shown 1280 px wide, and zoomed 2x', 10, 30);
      for (const [index, image] of images.entries()) {
        const y = 50 + index * (cropHeight * 2 + gap);
        const scale = image.width / cameraWidth;
        context.fillStyle = '#111111';
        context.font = '18px sans-serif';
        context.fillText(rows[index]!.name, 10, y + 24);
        let x = labelWidth;
        for (const zoom of columns) {
          context.drawImage(image, box.x * scale, box.y * scale, box.width * scale, box.height * scale, x, y, cropWidth * zoom, cropHeight * zoom);
          x += cropWidth * zoom + gap;
        }
      }
      return sheet.toDataURL('image/png');
    },
    { rows, box, cameraWidth: CAMERA.width },
  );
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(png.slice(png.indexOf(',') + 1), 'base64'));
}

interface SetResult {
  encoding: string;
  set: SetName;
  photos: number;
  requestBytes: number;
  /** Measured in Chromium under the CDP throttle; absent when not measured or the throttle did not hold. */
  measuredMs?: number;
  /** What the server saw: the body's bytes and how long it took to arrive. */
  serverReceiveMs?: number;
  /** From the bytes and the preset's figures. */
  computedMs: number;
  /** From the bytes and the figures Lighthouse uses when it applies the preset through DevTools. */
  computedLighthouseDevtoolsMs: number;
  /** The figure the table shows. */
  uploadMs: number;
  source: 'measured' | 'computed';
  targetMs: number;
  withinTarget: boolean;
  /**
   * How much larger the body could be and still arrive within the target on this link (0.1: a
   * tenth larger; negative: over it). Real photos vary around the model: this is the margin.
   */
  headroom: number;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  const loadAverageAtStart = os.loadavg().map(round);
  const fullSets = process.env.BENCH_FULL_SETS ?? 'within-target';
  if (!['all', 'within-target', 'computed'].includes(fullSets)) throw new Error(`BENCH_FULL_SETS is all, within-target or computed, not ${fullSets}`);
  const server = await startUploadServer();
  const browser = await launchBrowser();
  try {
    const { page } = browser;
    // tsx keeps function names by wrapping them in __name(), which the page does not define.
    await page.addInitScript('globalThis.__name = (target) => target;');
    await page.goto(server.url);
    await page.addScriptTag({ content: await bundleResizePhoto() });
    const userAgent = await page.evaluate(() => navigator.userAgent);

    const cameraPhotos: CameraPhoto[] = [];
    for (const scene of ['exterior', 'interior'] as const) cameraPhotos.push(await page.evaluate(drawCameraPhoto, { scene, width: CAMERA.width, height: CAMERA.height, jpegQuality: CAMERA.jpegQuality }));

    const encoded: Record<string, EncodedPhoto> = {};
    for (const encoding of CANDIDATES) {
      for (const scene of ['exterior', 'interior'] as const) {
        const key = photoKey(scene, encoding);
        encoded[key] = await page.evaluate(encodePhoto, { scene, encoding, key });
      }
    }
    const artifacts = path.join(artifactsDir, 'photo-upload');
    const odometerSheet = path.join(artifacts, 'odometer.png');
    await writeOdometerSheet(page, cameraPhotos.find((photo) => photo.scene === 'interior')!.odometerBox!, odometerSheet);
    // The photos as the current choice sends them, to see what the model of a photo looks like.
    for (const scene of ['exterior', 'interior'] as const) {
      const dataUrl = await page.evaluate((key) => (window as unknown as BenchWindow).encodedPhotos[key]!, photoKey(scene, CURRENT_DETAIL_ENCODING));
      fs.writeFileSync(path.join(artifacts, `${scene}-${CURRENT_DETAIL_ENCODING.maxSide}.jpg`), Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
    }

    const post = (target: string, set: SetName, encoding: Encoding) =>
      page.evaluate(postCar, { target, photoKeys: setPhotoKeys(set, encoding), photoRoles: SETS[set].photos.map((photo) => photo.role), damages: SETS[set].damages });

    // Off the clock: the API's schema accepts both sets, and a fast-link baseline.
    const unthrottled: Record<SetName, number> = { typical: 0, full: 0 };
    for (const set of ['typical', 'full'] as const) {
      const check = await post('/validate', set, CURRENT_DETAIL_ENCODING);
      if (check.status !== 201) throw new Error(`The ${set} set's body is not one the API accepts: ${check.answer}`);
      unthrottled[set] = (await post('/api/vehicles', set, CURRENT_DETAIL_ENCODING)).ms;
    }

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const results: SetResult[] = [];
    let throttleHolds: boolean | undefined;
    const throttleChecks: { encoding: string; set: SetName; measuredMs: number; computedMs: number; ratio: number }[] = [];
    // The typical sets first: they are short and tell whether the throttle holds for uploads at all.
    for (const set of ['typical', 'full'] as const) {
      for (const encoding of CANDIDATES) {
        const requestBytes = (await post('/validate', set, encoding)).requestBytes;
        const computedMs = computedUploadMs(requestBytes, SLOW_4G);
        const result: SetResult = {
          encoding: label(encoding),
          set,
          photos: SETS[set].photos.length,
          requestBytes,
          computedMs: Math.round(computedMs),
          computedLighthouseDevtoolsMs: Math.round(computedUploadMs(requestBytes, SLOW_4G_DEVTOOLS)),
          uploadMs: Math.round(computedMs),
          source: 'computed',
          targetMs: set === 'typical' ? TYPICAL_SET_TARGET_MS : FULL_SET_TARGET_MS,
          withinTarget: false,
          headroom: 0,
        };
        const measure = throttleHolds !== false && (set === 'typical' || fullSets === 'all' || (fullSets === 'within-target' && computedMs <= FULL_SET_TARGET_MS));
        if (measure) {
          await throttle(cdp, true);
          const upload = await post('/api/vehicles', set, encoding);
          await throttle(cdp, false);
          if (upload.status !== 201) throw new Error(`The upload answered ${upload.status}: ${upload.answer}`);
          const received = server.lastReceived();
          if (received?.bytes !== requestBytes) throw new Error(`The server received ${received?.bytes} bytes of ${requestBytes}`);
          const ratio = upload.ms / computedMs;
          throttleChecks.push({ encoding: label(encoding), set, measuredMs: Math.round(upload.ms), computedMs: Math.round(computedMs), ratio: round(ratio) });
          // The first upload decides: when the throttle does not hold for it, no figure is measured.
          throttleHolds ??= Math.abs(ratio - 1) <= THROTTLE_TOLERANCE;
          if (throttleHolds) Object.assign(result, { measuredMs: Math.round(upload.ms), serverReceiveMs: Math.round(received.receiveMs), uploadMs: Math.round(upload.ms), source: 'measured' });
          console.log(`  ${set} set at ${label(encoding)}: ${mb(requestBytes)} in ${seconds(upload.ms)} (the link's figures give ${seconds(computedMs)})`);
        }
        result.withinTarget = result.uploadMs <= result.targetMs;
        result.headroom = round((result.targetMs - SLOW_4G.latencyMs) / (result.uploadMs - SLOW_4G.latencyMs) - 1);
        results.push(result);
      }
    }
    await cdp.detach();

    const report = {
      startedAt,
      machine: { ...machineFacts(loadAverageAtStart), loadAverageAtEnd: os.loadavg().map(round), browser: userAgent },
      link: {
        name: 'Lighthouse mobile "slow 4G"',
        latencyMs: SLOW_4G.latencyMs,
        downloadKbps: SLOW_4G.downloadKbps,
        uploadKbps: SLOW_4G.uploadKbps,
        kbps: '1024 bits a second, as Lighthouse counts',
        applied: 'CDP Network.emulateNetworkConditions on the page',
        lighthouseDevtoolsFigures: SLOW_4G_DEVTOOLS,
      },
      throttle: {
        appliesToUploads: throttleHolds ?? null,
        tolerance: THROTTLE_TOLERANCE,
        checks: throttleChecks,
        note: throttleHolds === false ? 'The measured uploads did not follow the throttle: every upload time is computed from the bytes.' : undefined,
      },
      camera: { ...CAMERA, photos: cameraPhotos.map(({ scene, cameraJpegBytes, drawMs }) => ({ scene, cameraJpegBytes, drawMs: Math.round(drawMs) })), model: 'drawn on a canvas: a model of a photo, not a real one' },
      currentDetailEncoding: label(CURRENT_DETAIL_ENCODING),
      cardEncoding: label(CARD_ENCODING),
      encodings: CANDIDATES.map((encoding) => ({
        encoding: label(encoding),
        ...encoding,
        exterior: roundedEncoded(encoded[photoKey('exterior', encoding)]!),
        interior: roundedEncoded(encoded[photoKey('interior', encoding)]!),
      })),
      sets: Object.fromEntries(Object.entries(SETS).map(([name, set]) => [name, { photos: set.photos.length, roles: set.photos.map((photo) => photo.role), scenes: set.photos.map((photo) => photo.scene), cardEncoding: label(CARD_ENCODING) }])),
      unthrottledUploadMs: { typical: Math.round(unthrottled.typical), full: Math.round(unthrottled.full) },
      uploads: results,
      targets: { typicalSetMs: TYPICAL_SET_TARGET_MS, fullSetMs: FULL_SET_TARGET_MS },
      odometerSheet: path.relative(repoRoot, odometerSheet),
    };

    console.log(`\nPhoto uploads on Lighthouse's slow 4G (${SLOW_4G.latencyMs} ms, ${SLOW_4G.downloadKbps} Kbps down, ${SLOW_4G.uploadKbps} Kbps up), ${userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}`);
    console.log(`camera photos ${CAMERA.width} x ${CAMERA.height} at JPEG ${CAMERA.jpegQuality}: ${cameraPhotos.map((photo) => `${photo.scene} ${kb(photo.cameraJpegBytes)}`).join(', ')}`);
    console.log(`the card photo is always ${label(CARD_ENCODING)}; typical set = card + ${SETS.typical.photos.length - 1}, full set = card + ${SETS.full.photos.length - 1}\n`);
    console.log(['encoding'.padEnd(12), 'size'.padEnd(11), 'exterior'.padStart(9), 'interior'.padStart(9), 'typical body'.padStart(13), 'typical'.padStart(18), 'full body'.padStart(10), 'full'.padStart(18)].join(' '));
    for (const encoding of CANDIDATES) {
      const exterior = encoded[photoKey('exterior', encoding)]!;
      const interior = encoded[photoKey('interior', encoding)]!;
      const typical = results.find((result) => result.set === 'typical' && result.encoding === label(encoding))!;
      const full = results.find((result) => result.set === 'full' && result.encoding === label(encoding))!;
      const time = (result: SetResult) => `${seconds(result.uploadMs)} ${result.source === 'measured' ? 'meas' : 'comp'} ${result.headroom >= 0 ? '+' : ''}${Math.round(result.headroom * 100)}%`;
      const current = sameEncoding(encoding, CURRENT_DETAIL_ENCODING) ? ' *' : '';
      console.log(
        [
          `${label(encoding)}${current}`.padEnd(12),
          `${exterior.width}x${exterior.height}`.padEnd(11),
          kb(exterior.jpegBytes).padStart(9),
          kb(interior.jpegBytes).padStart(9),
          mb(typical.requestBytes).padStart(13),
          time(typical).padStart(18),
          mb(full.requestBytes).padStart(10),
          time(full).padStart(18),
        ].join(' '),
      );
    }
    console.log(`\nJPEG bytes per photo; bodies are the JSON with data URLs (a third larger than the JPEGs). meas = measured under the throttle, comp = computed from the bytes; the percentage is how much larger the photos could be and still arrive within the target (typical ${seconds(TYPICAL_SET_TARGET_MS)}, full ${seconds(FULL_SET_TARGET_MS)}), negative when over it. * = the current choice.`);
    console.log(`unthrottled (this machine, loopback): typical ${seconds(unthrottled.typical)}, full ${seconds(unthrottled.full)}`);
    console.log(`odometer crops: ${path.relative(repoRoot, odometerSheet)}`);
    writeBenchResults('photo-upload', report);
  } finally {
    await browser.close();
    await server.stop();
  }
}

function roundedEncoded(photo: EncodedPhoto) {
  return { width: photo.width, height: photo.height, jpegBytes: photo.jpegBytes, dataUrlBytes: photo.dataUrlBytes, resizeMs: Math.round(photo.resizeMs) };
}

await main();
