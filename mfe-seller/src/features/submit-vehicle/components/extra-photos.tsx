import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { MAX_EXTRA_PHOTOS } from '@cardirect/contracts';
import { Button, cn, Spinner } from '@cardirect/ui';
import { resizePhoto } from '@cardirect/web';
import { encodingFor, type DraftPhoto } from '../lib/draft-photos';
import { newPhotoId } from '../lib/photo-id';

const acceptedPhotos = { 'image/jpeg': ['.jpeg', '.jpg'], 'image/png': ['.png'], 'image/gif': ['.gif'] };
const extraRole = { role: 'extra' } as const;

interface ExtraPhotosProps {
  photos: DraftPhoto[];
  onChange: (photos: DraftPhoto[]) => void;
}

/**
 * Up to MAX_EXTRA_PHOTOS more photos, several at a time: each is resized in turn with the count
 * shown, and can then be moved earlier or later (the order dealers see) or removed. A photo that
 * could not be prepared stays listed with a way to try it again.
 */
export function ExtraPhotos({ photos, onChange }: ExtraPhotosProps) {
  const [preparing, setPreparing] = useState<{ done: number; total: number } | undefined>();
  const [failed, setFailed] = useState<File[]>([]);
  const [refusal, setRefusal] = useState('');
  const room = MAX_EXTRA_PHOTOS - photos.length;

  const prepare = async (files: File[]) => {
    setRefusal(files.length > room ? `Only ${room} more ${room === 1 ? 'photo fits' : 'photos fit'}: the first ${room} were kept.` : '');
    const taken = files.slice(0, Math.max(room, 0));
    const added: DraftPhoto[] = [];
    const notPrepared: File[] = [];
    setPreparing({ done: 0, total: taken.length });
    for (const file of taken) {
      try {
        added.push({ id: newPhotoId(), role: extraRole, dataUrl: await resizePhoto(file, encodingFor(extraRole)) });
      } catch (error) {
        console.error('Photo could not be processed', error);
        notPrepared.push(file);
      }
      setPreparing({ done: added.length + notPrepared.length, total: taken.length });
    }
    setPreparing(undefined);
    setFailed((previous) => [...previous.filter((file) => !taken.includes(file)), ...notPrepared]);
    if (added.length > 0) onChange([...photos, ...added]);
  };

  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    accept: acceptedPhotos,
    multiple: true,
    noClick: true,
    noKeyboard: true,
    disabled: room <= 0 || preparing !== undefined,
    onDropAccepted: (files) => void prepare(files),
    onDropRejected: () => setRefusal('Only JPG, PNG or GIF photos can be added.'),
  });

  const move = (index: number, by: -1 | 1) => {
    const reordered = [...photos];
    const [photo] = reordered.splice(index, 1);
    if (!photo) return;
    reordered.splice(index + by, 0, photo);
    onChange(reordered);
  };

  return (
    <section aria-labelledby="extra-photos" className="grid gap-3">
      <div className="grid gap-1">
        <h4 id="extra-photos" className="font-semibold text-slate-900">
          More photos (optional)
        </h4>
        <p className="text-sm text-slate-600">
          Up to {MAX_EXTRA_PHOTOS}: the other side, the wheels, the engine bay, the seats. {photos.length} of {MAX_EXTRA_PHOTOS} added.
        </p>
      </div>
      {photos.length > 0 && (
        <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {photos.map((photo, index) => (
            <li key={photo.id} className="grid gap-2 rounded-lg border border-slate-200 p-2">
              <img src={photo.dataUrl} alt={`More photo ${index + 1}`} className="aspect-[4/3] w-full rounded object-cover" />
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move more photo ${index + 1} earlier`}>
                  Move earlier
                </Button>
                <Button variant="secondary" size="sm" disabled={index === photos.length - 1} onClick={() => move(index, 1)} aria-label={`Move more photo ${index + 1} later`}>
                  Move later
                </Button>
                <Button variant="ghost" size="sm" onClick={() => onChange(photos.filter((other) => other.id !== photo.id))} aria-label={`Remove more photo ${index + 1}`}>
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {failed.length > 0 && (
        <div role="alert" className="grid gap-2 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-700">
          <p>
            We could not open {failed.length === 1 ? `${failed[0]?.name}` : `${failed.length} photos`}: the file may be damaged.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => void prepare(failed)}>
              Try again
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setFailed([])}>
              Skip {failed.length === 1 ? 'it' : 'them'}
            </Button>
          </div>
        </div>
      )}
      {room > 0 && (
        <div
          {...getRootProps({
            className: cn(
              'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-4 text-center',
              isDragActive ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white',
            ),
            role: 'group',
            'aria-label': 'More photos drop area',
          })}
        >
          <input {...getInputProps({ 'aria-label': 'More photos' })} />
          {preparing ? (
            <Spinner label={`Preparing photo ${Math.min(preparing.done + 1, preparing.total)} of ${preparing.total}…`} />
          ) : (
            <>
              <p className="text-sm text-slate-900">Drag and drop photos here, or</p>
              <Button variant="secondary" size="sm" onClick={open}>
                Add more photos
              </Button>
            </>
          )}
        </div>
      )}
      {refusal && (
        <p role="status" className="text-sm font-medium text-red-700">
          {refusal}
        </p>
      )}
    </section>
  );
}
