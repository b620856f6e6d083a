import {
  BODY_PANEL_OPTIONS,
  GUIDED_PHOTO_LABELS,
  GUIDED_PHOTO_VIEWS,
  optionLabel,
  PANEL_DAMAGE_KIND_OPTIONS,
  panelDamageDescription,
  type GuidedPhotoView,
  type ListingPhotoView,
  type PanelDamage,
  type PhotoRole,
  type VehicleView,
} from '@cardirect/contracts';
import { vehicleName } from '../vehicle-names';

/** One photo of a car's gallery, in the words a dealer reads and a screen reader says. */
export interface GalleryPhoto {
  url: string;
  thumbnailUrl: string;
  /** Shown under the photo; absent on a car's only photo when the seller did not say what it shows. */
  caption?: string;
  alt: string;
}

/** What a screen reader says of each guided view: the labels of the wizard, said as what is in the picture. */
const VIEW_ALT_TEXT: Record<GuidedPhotoView, string> = {
  'front-three-quarter': 'Front three-quarter view',
  'rear-three-quarter': 'Rear three-quarter view',
  'interior-front': 'Interior, front seats and dashboard',
  odometer: 'Odometer reading',
};

const kindOf = (damage: PanelDamage) => optionLabel(PANEL_DAMAGE_KIND_OPTIONS, damage.kind) ?? damage.kind;
const panelOf = (damage: PanelDamage) => optionLabel(BODY_PANEL_OPTIONS, damage.panel) ?? damage.panel;

/** "Photo of damage 1: scratch on the hood". `index` counts from 0, as the questionnaire's panelDamage does. */
export function damagePhotoAlt(index: number, damage: PanelDamage | undefined): string {
  const number = index + 1;
  return damage ? `Photo of damage ${number}: ${kindOf(damage).toLowerCase()} on the ${panelOf(damage).toLowerCase()}` : `Photo of damage ${number}`;
}

/** The guided views first, in the wizard's order (front three-quarter first), then the extra photos, then the damages in their order. */
function rankOf(role: PhotoRole | undefined): number {
  if (!role) return 0;
  if (role.role === 'view') return GUIDED_PHOTO_VIEWS.indexOf(role.view);
  if (role.role === 'extra') return GUIDED_PHOTO_VIEWS.length;
  return GUIDED_PHOTO_VIEWS.length + 1 + role.damageIndex;
}

/**
 * Every photo of a car with its caption and alternative text, in the gallery's order. Cars whose
 * photos name no role (all listed before issue 36) keep the order they were sent in.
 */
export function galleryPhotosOf(vehicle: VehicleView): GalleryPhoto[] {
  const name = vehicleName(vehicle);
  const photos: ListingPhotoView[] = vehicle.photos ?? vehicle.photoUrls.map((url) => ({ url, thumbnailUrl: url }));
  const damages = vehicle.conditionReport?.panelDamage ?? [];
  let extras = 0;
  return photos
    .map((photo, position) => ({ photo, position }))
    .sort((a, b) => rankOf(a.photo.role) - rankOf(b.photo.role))
    .map(({ photo, position }): GalleryPhoto => {
      const { url, thumbnailUrl, role } = photo;
      if (role?.role === 'view') return { url, thumbnailUrl, caption: GUIDED_PHOTO_LABELS[role.view], alt: VIEW_ALT_TEXT[role.view] };
      if (role?.role === 'extra') {
        extras += 1;
        return { url, thumbnailUrl, caption: `Additional photo ${extras}`, alt: `Additional photo ${extras} of the ${name}` };
      }
      if (role?.role === 'damage') {
        const damage = damages[role.damageIndex];
        const caption = `Damage ${role.damageIndex + 1}${damage ? `: ${panelDamageDescription(damage)}` : ''}`;
        return { url, thumbnailUrl, caption, alt: damagePhotoAlt(role.damageIndex, damage) };
      }
      if (photos.length === 1) return { url, thumbnailUrl, alt: `Photo of the ${name}` };
      return { url, thumbnailUrl, caption: `Photo ${position + 1}`, alt: position === 0 ? `Photo of the ${name}` : `Photo ${position + 1} of the ${name}` };
    });
}

/** The photo of each declared damage, by the damage's index (undefined where the seller sent none). */
export function damagePhotosOf(vehicle: VehicleView): Array<ListingPhotoView | undefined> {
  const damages = vehicle.conditionReport?.panelDamage ?? [];
  return damages.map((_damage, index) => vehicle.photos?.find((photo) => photo.role?.role === 'damage' && photo.role.damageIndex === index));
}
