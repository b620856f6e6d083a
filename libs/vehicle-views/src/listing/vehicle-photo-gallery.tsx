import { useId } from 'react';
import type { VehicleView } from '@cardirect/contracts';
import { galleryPhotosOf, type GalleryPhoto } from './listing-photo-words';

/**
 * Every photo of a car, each with what it shows: the first large (the front three-quarter view
 * when the seller took the guided photos), the others as thumbnails loaded only when scrolled to.
 * Each opens full size in a new tab, so a dealer can read an odometer or judge a scratch.
 */
export function VehiclePhotoGallery({ vehicle }: { vehicle: VehicleView }) {
  const headingId = useId();
  const [first, ...others] = galleryPhotosOf(vehicle);
  if (!first) return <p className="rounded-lg bg-slate-100 p-8 text-center text-slate-600">No photo</p>;
  if (others.length === 0) return <PhotoFigure photo={first} large />;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="text-sm font-medium text-slate-700">
        Photos ({others.length + 1})
      </h3>
      <PhotoFigure photo={first} large />
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {others.map((photo) => (
          <li key={photo.url}>
            <PhotoFigure photo={photo} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PhotoFigure({ photo, large = false }: { photo: GalleryPhoto; large?: boolean }) {
  return (
    <figure className="grid gap-1">
      <a href={photo.url} target="_blank" rel="noreferrer" className="block rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
        {large ? (
          <img src={photo.url} alt={photo.alt} className="max-h-[28rem] w-full rounded-lg bg-slate-100 object-contain" />
        ) : (
          <img src={photo.thumbnailUrl} alt={photo.alt} loading="lazy" decoding="async" className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover" />
        )}
        <span className="sr-only"> (opens full size in a new tab)</span>
      </a>
      {photo.caption && <figcaption className="text-sm text-slate-700">{photo.caption}</figcaption>}
    </figure>
  );
}
