import {
  GUIDED_PHOTO_LABELS,
  panelDamageDescription,
  DETAIL_PHOTO_JPEG_QUALITY,
  DETAIL_PHOTO_MAX_SIDE_PX,
  GUIDED_PHOTO_VIEWS,
  type GuidedPhotoView,
  type PanelDamage,
  type PhotoRole,
} from '@cardirect/contracts';
import { SPEC_PHOTO_ENCODING, type PhotoEncoding } from '@cardirect/web';

/** A photo of the draft: resized, as it is sent, with what it shows. */
export interface DraftPhoto {
  /** Stable across reorders, for React keys and for replacing one photo. */
  id: string;
  role: PhotoRole;
  dataUrl: string;
}

/** The view whose photo is the listing's first, the card image: sized exactly as the spec's photo. */
export const CARD_VIEW: GuidedPhotoView = 'front-three-quarter';

const DETAIL_PHOTO_ENCODING: PhotoEncoding = { maxSide: DETAIL_PHOTO_MAX_SIDE_PX, quality: DETAIL_PHOTO_JPEG_QUALITY };

/** The card image keeps the spec's 600 px at 0.7; every other photo is larger, for detail (docs/decisions.md). */
export function encodingFor(role: PhotoRole): PhotoEncoding {
  return role.role === 'view' && role.view === CARD_VIEW ? SPEC_PHOTO_ENCODING : DETAIL_PHOTO_ENCODING;
}

export const viewPhotoOf = (photos: readonly DraftPhoto[], view: GuidedPhotoView) =>
  photos.find((photo) => photo.role.role === 'view' && photo.role.view === view);
export const extraPhotosOf = (photos: readonly DraftPhoto[]) => photos.filter((photo) => photo.role.role === 'extra');
export const damagePhotoOf = (photos: readonly DraftPhoto[], damageIndex: number) =>
  photos.find((photo) => photo.role.role === 'damage' && photo.role.damageIndex === damageIndex);

/** The order the listing shows them: the four views (the card image first), the extras as arranged, the faults. */
export function photosInListingOrder(photos: readonly DraftPhoto[]): DraftPhoto[] {
  const views = GUIDED_PHOTO_VIEWS.map((view) => viewPhotoOf(photos, view)).filter((photo) => photo !== undefined);
  const damages = photos
    .filter((photo) => photo.role.role === 'damage')
    .sort((a, b) => (a.role.role === 'damage' && b.role.role === 'damage' ? a.role.damageIndex - b.role.damageIndex : 0));
  return [...views, ...extraPhotosOf(photos), ...damages];
}

const sameDamage = (a: PanelDamage, b: PanelDamage) => a.panel === b.panel && a.kind === b.kind && a.size === b.size;

/**
 * The damage photos re-attached after the declared damages changed: each photo follows its damage
 * to its new place in the list, and the photo of a damage no longer declared goes. A photo is never
 * left naming a different damage than the one it shows.
 */
export function reattachDamagePhotos(photos: readonly DraftPhoto[], before: readonly PanelDamage[], after: readonly PanelDamage[]): DraftPhoto[] {
  const taken = new Set<number>();
  return photos.flatMap((photo) => {
    if (photo.role.role !== 'damage') return [photo];
    const damage = before[photo.role.damageIndex];
    const newIndex = damage ? after.findIndex((candidate, index) => !taken.has(index) && sameDamage(candidate, damage)) : -1;
    if (newIndex < 0) return [];
    taken.add(newIndex);
    return [{ ...photo, role: { role: 'damage' as const, damageIndex: newIndex } }];
  });
}

/** What a photo shows, in words: its alt text. */
export function photoRoleLabel(role: PhotoRole, declaredDamages: readonly PanelDamage[]): string {
  if (role.role === 'view') return GUIDED_PHOTO_LABELS[role.view];
  if (role.role === 'extra') return 'More photo';
  const damage = declaredDamages[role.damageIndex];
  return `Damage ${role.damageIndex + 1}${damage ? `: ${panelDamageDescription(damage)}` : ''}`;
}
