import type { DealView } from '@cardirect/contracts';

/** The dealer's photos of the faults behind a lower price, large enough to judge, each opening full size. */
export function DealFaultPhotos({ deal }: { deal: DealView }) {
  const photos = deal.priceChange?.photos ?? [];
  if (photos.length === 0) return null;
  return (
    <ul aria-label="Photos of the faults" className="grid gap-3 sm:grid-cols-2">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={photo.url} target="_blank" rel="noreferrer" className="block rounded-md focus-visible:outline-3 focus-visible:outline-brand-500">
            <img
              src={photo.url}
              alt={`Fault photo ${index + 1} of ${photos.length} from ${deal.dealershipName} (opens full size)`}
              loading="lazy"
              className="aspect-[4/3] w-full rounded-md bg-slate-200 object-contain"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
