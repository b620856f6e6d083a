import { useId } from 'react';
import { GUIDED_PHOTO_LABELS, GUIDED_PHOTO_VIEWS, panelDamageDescription, type PanelDamage, type PhotoRole } from '@cardirect/contracts';
import { damagePhotoOf, encodingFor, extraPhotosOf, photosInListingOrder, viewPhotoOf, type DraftPhoto } from '../lib/draft-photos';
import { newPhotoId } from '../lib/photo-id';
import { ExtraPhotos } from './extra-photos';
import { PhotoDropzone } from './photo-dropzone';
import { ViewSketch } from './view-sketch';

/** Where to stand for each view: what a dealer needs to see in it. */
const VIEW_HINTS = {
  'front-three-quarter': 'From a front corner, the whole car in the frame. This is the photo on your listing card.',
  'rear-three-quarter': 'From the opposite rear corner, the whole car in the frame.',
  'interior-front': 'From the back seat or an open front door: dashboard, front seats and steering wheel.',
  odometer: 'The instrument panel with the engine on, the mileage readable.',
} as const;

interface GuidedPhotosProps {
  photos: DraftPhoto[];
  declaredDamages: readonly PanelDamage[];
  onChange: (photos: DraftPhoto[]) => void;
  /** The photos' validation message, when the step was refused. */
  error?: string;
}

interface PhotoPlaceProps {
  title: string;
  hint: string;
  role: PhotoRole;
  photos: DraftPhoto[];
  current: DraftPhoto | undefined;
  onChange: (photos: DraftPhoto[]) => void;
  invalid: boolean;
  sketch?: React.ReactNode;
}

/** One photo the listing asks for: its sketch, what to show, and its drop area. */
function PhotoPlace({ title, hint, role, photos, current, onChange, invalid, sketch }: PhotoPlaceProps) {
  const id = useId();
  const replace = (dataUrl: string) => {
    const others = photos.filter((photo) => photo !== current);
    onChange(dataUrl ? [...others, { id: current?.id ?? newPhotoId(), role, dataUrl }] : others);
  };
  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 p-3">
      <div className="flex items-start gap-3">
        {sketch}
        <div className="grid gap-1">
          <label htmlFor={id} className="font-semibold text-slate-900">
            {title}
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        </div>
      </div>
      <PhotoDropzone
        id={id}
        subject={title}
        value={current?.dataUrl ?? ''}
        onChange={replace}
        encoding={encodingFor(role)}
        invalid={invalid && !current}
        describedBy={`${id}-hint`}
      />
    </li>
  );
}

/**
 * Step 3's photos (issue 36): the four guided views, up to eight more, and one photo of each fault
 * declared in step 2. Every change is kept in the draft at once, so a reload loses no photo.
 */
export function GuidedPhotos({ photos, declaredDamages, onChange, error }: GuidedPhotosProps) {
  const extras = extraPhotosOf(photos);
  const ready = photosInListingOrder(photos).length;
  return (
    <section aria-labelledby="guided-photos" aria-describedby="guided-photos-summary" className="grid gap-5">
      <div className="grid gap-1">
        <h3 id="guided-photos" className="text-lg font-semibold text-slate-900">
          Vehicle Photos
        </h3>
        <p id="guided-photos-summary" className="text-sm text-slate-600">
          Four views dealers need to price your car{declaredDamages.length > 0 ? ', and a photo of each damage you declared' : ''}. {ready} {ready === 1 ? 'photo' : 'photos'} ready.
        </p>
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {GUIDED_PHOTO_VIEWS.map((view) => (
          <PhotoPlace
            key={view}
            title={GUIDED_PHOTO_LABELS[view]}
            hint={VIEW_HINTS[view]}
            role={{ role: 'view', view }}
            photos={photos}
            current={viewPhotoOf(photos, view)}
            onChange={onChange}
            invalid={Boolean(error)}
            sketch={<ViewSketch view={view} />}
          />
        ))}
      </ul>
      {declaredDamages.length > 0 && (
        <section aria-labelledby="damage-photos" className="grid gap-3">
          <h4 id="damage-photos" className="font-semibold text-slate-900">
            Photos of the damage you declared
          </h4>
          <ul className="grid gap-4 sm:grid-cols-2">
            {declaredDamages.map((damage, damageIndex) => (
              <PhotoPlace
                key={`${damageIndex}-${damage.panel}-${damage.kind}-${damage.size}`}
                title={`Damage ${damageIndex + 1}`}
                hint={`${panelDamageDescription(damage)}. Close enough to see it, with the panel around it.`}
                role={{ role: 'damage', damageIndex }}
                photos={photos}
                current={damagePhotoOf(photos, damageIndex)}
                onChange={onChange}
                invalid={Boolean(error)}
              />
            ))}
          </ul>
        </section>
      )}
      <ExtraPhotos photos={extras} onChange={(nextExtras) => onChange([...photos.filter((photo) => photo.role.role !== 'extra'), ...nextExtras])} />
    </section>
  );
}
