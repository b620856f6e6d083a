import { useState } from 'react';
import { ErrorCode, useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import { MAX_PHOTOS } from '@cardirect/contracts';
import { Button, cn, Spinner } from '@cardirect/ui';
import { resizePhoto } from '@cardirect/web';

/** Images only, as the listing's photo (spec section 5). */
const acceptedPhotos: Accept = { 'image/jpeg': ['.jpeg', '.jpg'], 'image/png': ['.png'], 'image/gif': ['.gif'] };

const notAPhoto = 'That file is not a photo we can use: choose a JPG, PNG or GIF.';
const unreadablePhoto = 'We could not open one of the photos: the file may be damaged. Choose another JPG, PNG or GIF.';
const tooManyPhotos = `At most ${MAX_PHOTOS} photos are accepted`;

function refusalOf(rejection: FileRejection): string {
  return rejection.errors.some((error) => error.code === ErrorCode.TooManyFiles) ? tooManyPhotos : notAPhoto;
}

interface FaultPhotosFieldProps {
  id: string;
  /** The photos so far, resized, as data URLs. */
  value: readonly string[];
  onChange: (photoUrls: string[]) => void;
  invalid: boolean;
  describedBy?: string;
}

/**
 * The photos of the faults not in the listing, by drag-and-drop or browsing, several at a time:
 * each is resized in the browser as the listing's photo is (so a phone's photos go as about
 * 100 KB each), shown as a preview with its own Remove button.
 */
export function FaultPhotosField({ id, value, onChange, invalid, describedBy }: FaultPhotosFieldProps) {
  const [preparing, setPreparing] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const room = MAX_PHOTOS - value.length;
  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    accept: acceptedPhotos,
    multiple: true,
    disabled: preparing > 0,
    // The area takes drops; browsing is its own button, so no control sits inside another (axe nested-interactive).
    noClick: true,
    noKeyboard: true,
    onDrop: async (accepted, rejected) => {
      const taken = accepted.slice(0, Math.max(0, room));
      const found = [...rejected.map(refusalOf), ...(accepted.length > taken.length ? [tooManyPhotos] : [])];
      setPreparing(taken.length);
      const resized = await Promise.allSettled(taken.map((file) => resizePhoto(file)));
      setPreparing(0);
      const photoUrls = resized.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      if (photoUrls.length < taken.length) found.push(unreadablePhoto);
      setProblems([...new Set(found)]);
      if (photoUrls.length > 0) onChange([...value, ...photoUrls]);
    },
  });

  return (
    <div className="grid gap-3">
      <div
        {...getRootProps({
          className: cn(
            'flex min-h-36 flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-5 text-center transition-colors',
            invalid || problems.length > 0 ? 'border-red-600 bg-red-50' : isDragActive ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white',
          ),
          role: 'group',
          'aria-label': 'Fault photos drop area',
        })}
      >
        <input {...getInputProps({ id, 'aria-describedby': describedBy })} />
        {preparing > 0 ? (
          <>
            <Spinner label={`Preparing ${preparing === 1 ? 'your photo' : `${preparing} photos`}…`} />
            <p aria-hidden="true" className="text-sm font-medium text-slate-700">
              Preparing {preparing === 1 ? 'your photo' : `${preparing} photos`}…
            </p>
          </>
        ) : isDragActive ? (
          <p className="font-semibold text-brand-700">Drop the photos here</p>
        ) : (
          <>
            <p className="font-semibold text-slate-900">Drag and drop photos of the faults here, or</p>
            <Button variant="secondary" size="sm" onClick={open} disabled={room <= 0} aria-describedby={describedBy}>
              Add Photos
            </Button>
            <p className="text-sm text-slate-600">JPG, PNG or GIF, up to {MAX_PHOTOS} photos</p>
          </>
        )}
      </div>
      {problems.length > 0 && (
        <div role="alert" className="grid gap-1 text-sm font-medium text-red-700">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      {value.length > 0 && (
        <ul aria-label="Fault photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {value.map((photoUrl, index) => (
            <li key={`${index}-${photoUrl.length}`} className="grid gap-2">
              <img src={photoUrl} alt={`Fault photo ${index + 1}`} className="aspect-4/3 w-full rounded-lg object-cover" />
              {/* Not while photos are being prepared: those are added to the photos as they were when dropped. */}
              <Button variant="ghost" size="sm" disabled={preparing > 0} onClick={() => onChange(value.filter((_, other) => other !== index))}>
                Remove photo {index + 1}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
