import {
  cardImageUrlOf,
  CURRENT_USER_PATH,
  DEALER_DASHBOARD_FIRST_CALLS,
  firstScreenCardsIn,
  ownRecordsPathOf,
  screenFilesOf,
  SERVER_ANSWERS_ELEMENT_ID,
  VEHICLE_PAGE_SIZE_DEFAULT,
  type FederationManifest,
  type VehicleView,
} from '@cardirect/contracts';
import { adoptServerAnswer, paths, startEarlyRequest, storageKeys, type ServerAnswer } from '@cardirect/web/early';
import { isAdminSession, remoteScreenAt, type RemoteScreenRef } from './remote-routes';

/** Remote name → manifest URL, as the gateway publishes it from its configuration. */
export const remoteMapUrl = '/config/remotes.json';

/** The remote map and manifests are revalidated on every page load: a remote can be redeployed at any time. */
const revalidated: RequestInit = { cache: 'no-cache' };

interface EarlyCall {
  url: string;
  /** A page of cars shown as cards: the first screen's photos are fetched as soon as it arrives. */
  cards?: true;
  /** The dealer's own status and offer on those cards are asked for as soon as the page arrives. */
  ownRecords?: true;
}

/**
 * The API calls a remote screen makes as soon as it shows (the same URLs its api files build), for
 * the screens where waiting for them after the remote's code costs the most: the session check
 * and the first page of the dashboards, the car of a vehicle page. A filtered dashboard is left to
 * its screen, which alone knows how its address maps to the list call.
 */
function firstApiCallsOf(target: RemoteScreenRef, location: Location): EarlyCall[] {
  const sessionCheck = { url: CURRENT_USER_PATH };
  switch (target.screen) {
    case 'DealerDashboardScreen': {
      const whateverTheFilters = [sessionCheck, { url: DEALER_DASHBOARD_FIRST_CALLS.makes }];
      return location.search ? whateverTheFilters : [...whateverTheFilters, { url: DEALER_DASHBOARD_FIRST_CALLS.firstPage, cards: true, ownRecords: true }];
    }
    case 'AdminDashboardScreen':
      return [
        sessionCheck,
        { url: '/api/dealers' },
        ...(localStorage.getItem(storageKeys.adminActiveTab) === 'vehicles' ? [{ url: `/api/vehicles/all?limit=${VEHICLE_PAGE_SIZE_DEFAULT}`, cards: true } as const] : []),
      ];
    case 'VehicleDetailScreen':
    case 'AdminVehicleDetailScreen':
      return [sessionCheck, { url: `/api/vehicles/${location.pathname.slice(paths.vehicleDetail.indexOf(':'))}` }];
    default:
      return [];
  }
}

function preload(href: string, as: 'script' | 'style' | 'image'): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  document.head.append(link);
}

/** Once a page of cards has arrived: the dealer's own side of its cars, and the photos of the cards in the window. */
async function followPageOfCards(response: Response, call: EarlyCall): Promise<void> {
  if (!response.ok) return;
  const vehicles = (await response.json()) as VehicleView[];
  if (call.ownRecords && vehicles.length > 0) startEarlyRequest(ownRecordsPathOf(vehicles.map((vehicle) => vehicle.id))).catch(() => undefined);
  preloadFirstCardImages(vehicles);
}

function preloadFirstCardImages(vehicles: VehicleView[]): void {
  for (const vehicle of vehicles.slice(0, firstScreenCardsIn(window))) {
    const image = cardImageUrlOf(vehicle);
    if (image) preload(image, 'image');
  }
}

/** The remote map this browser last read: a returning visitor's manifest can be asked for at once. */
const rememberedRemoteMapKey = 'cardirect.remoteMap';

type RemoteMap = Record<string, string | undefined>;

function rememberedRemoteMap(): RemoteMap {
  try {
    return JSON.parse(localStorage.getItem(rememberedRemoteMapKey) ?? '{}') as RemoteMap;
  } catch {
    return {};
  }
}

/** Starts the manifest's download and preloads the screen's entry, scripts and styles from it. */
async function preloadScreenFiles(manifestUrl: string, target: RemoteScreenRef): Promise<void> {
  const manifest = (await (await startEarlyRequest(manifestUrl, revalidated)).json()) as FederationManifest;
  // A manifest without the screen: its load fails and the route shows the remote's fallback.
  const files = screenFilesOf(manifest, target.screen);
  if (!files) return;
  const base = new URL('.', new URL(manifestUrl, window.location.href));
  for (const file of [files.entry, ...files.scripts]) preload(new URL(file, base).href, 'script');
  for (const file of files.stylesheets) preload(new URL(file, base).href, 'style');
}

/**
 * Fetches the remote map, then the remote's manifest, then the screen's files. The manifest this
 * browser saw last time is asked for together with the map; should the map name another one now
 * (a deployment moved the remote), that one is fetched too, and the stale copy is never used (only
 * a request for the very same URL adopts an early one).
 */
async function preloadRemoteFiles(target: RemoteScreenRef): Promise<void> {
  const remembered = rememberedRemoteMap()[target.remote];
  const guessed = remembered ? preloadScreenFiles(remembered, target) : Promise.resolve();
  const remoteMapText = await (await startEarlyRequest(remoteMapUrl, revalidated)).text();
  localStorage.setItem(rememberedRemoteMapKey, remoteMapText);
  const manifestUrl = (JSON.parse(remoteMapText) as RemoteMap)[target.remote];
  await Promise.all([guessed, manifestUrl && manifestUrl !== remembered ? preloadScreenFiles(manifestUrl, target) : undefined]);
}

/**
 * The API answers a page the gateway rendered was rendered from (none for any other page): each is
 * kept for the screen to adopt, so that the first render shows what the markup already shows.
 * Answers whether there were any.
 */
function adoptServerAnswers(): boolean {
  const element = document.getElementById(SERVER_ANSWERS_ELEMENT_ID);
  if (!element?.textContent) return false;
  for (const answer of JSON.parse(element.textContent) as ServerAnswer[]) adoptServerAnswer(answer);
  return true;
}

/**
 * Runs first on every page load, before Module Federation has negotiated the shared libraries: on
 * a route a remote owns, starts the screen's first API calls (or, on a page the gateway rendered,
 * takes the answers it rendered from) and the download of its remote, so that both travel while
 * the shell's own code loads instead of one after the other behind it. Whatever is fetched here
 * is adopted by the code that needs it (@cardirect/web/early); anything that fails is simply asked
 * again there, with its error shown. Answers whether the page came rendered by the gateway.
 */
export function startRouteLoading(location: Location): boolean {
  const serverRendered = adoptServerAnswers();
  const target = remoteScreenAt(location.pathname, isAdminSession(localStorage.getItem(storageKeys.userRole), localStorage.getItem(storageKeys.userEmail)));
  if (!target) return serverRendered;
  for (const call of serverRendered ? [] : firstApiCallsOf(target, location)) {
    startEarlyRequest(call.url, undefined, call.cards ? (answer) => followPageOfCards(answer, call) : undefined).catch(() => undefined);
  }
  preloadRemoteFiles(target).catch(() => undefined);
  // The query cache every remote screen uses (react-query), before sharing is negotiated.
  import('./server-data-provider').catch(() => undefined);
  return serverRendered;
}
