import { useState } from 'react';
import { useDropzone, type Accept } from 'react-dropzone';
import { Button, cn, Spinner } from '@cardirect/ui';
import { resizePhoto } from '../lib/resize-photo';

/** Images only, one at a time (spec section 5); the 5 MB in the hint is advertised, not enforced. */
const acceptedPhotos: Accept = { 'image/jpeg': ['.jpeg', '.jpg'], 'image/png': ['.png'], 'image/gif': ['.gif'] };

interface PhotoDropzoneProps {
  id: string;
  /** The resized photo as a data URL, '' when none is chosen. */
  value: string;
  onChange: (photoUrl: string) => void;
  invalid: boolean;
  describedBy?: string;
}

/**
 * One photo by drag-and-drop or browsing. The drop states (idle, drag active, accepted, rejected)
 * each show; the chosen photo is resized in the browser and previewed, with a way to replace it.
 */
export function PhotoDropzone({ id, value, onChange, invalid, describedBy }: PhotoDropzoneProps) {
  const [processing, setProcessing] = useState(false);
  const { getRootProps, getInputProps, open, isDragActive, isDragReject, fileRejections } = useDropzone({
    accept: acceptedPhotos,
    maxFiles: 1,
    multiple: false,
    // The area takes drops; browsing is its own button, so no control sits inside another (axe nested-interactive).
    noClick: true,
    noKeyboard: true,
    onDropAccepted: async ([file]) => {
      if (!file) return;
      setProcessing(true);
      try {
        onChange(await resizePhoto(file));
      } catch (error) {
        // The spec keeps photo processing errors to the console; the seller can choose another photo.
        console.error('Photo could not be processed', error);
      } finally {
        setProcessing(false);
      }
    },
  });
  const rejectionMessages = [...new Set(fileRejections.flatMap((rejection) => rejection.errors.map((error) => error.message)))];
  const rejected = rejectionMessages.length > 0 && !isDragActive;

  return (
    <div className="grid gap-3">
      <div
        {...getRootProps({
          className: cn(
            'flex min-h-48 flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-6 text-center transition-colors',
            isDragReject || rejected || invalid ? 'border-red-600 bg-red-50' : isDragActive ? 'border-brand-600 bg-brand-50' : value ? 'border-green-600 bg-green-50' : 'border-slate-300 bg-white',
          ),
          role: 'group',
          'aria-label': 'Photo drop area',
        })}
        data-drop-state={isDragReject ? 'rejected' : isDragActive ? 'drag-active' : rejected ? 'rejected' : value ? 'accepted' : 'idle'}
      >
        <input {...getInputProps({ id, 'aria-describedby': describedBy })} />
        {processing ? (
          <Spinner label="Preparing your photo…" />
        ) : isDragReject ? (
          <p className="font-semibold text-red-700">This file is not a JPG, PNG or GIF image</p>
        ) : isDragActive ? (
          <p className="font-semibold text-brand-700">Drop the photo here</p>
        ) : value ? (
          <img src={value} alt="Your vehicle photo" className="max-h-56 rounded-lg object-contain" />
        ) : (
          <>
            <p className="font-semibold text-slate-900">Drag and drop a photo here, or</p>
            <Button variant="secondary" size="sm" onClick={open} aria-describedby={describedBy}>
              Browse for a photo
            </Button>
            <p className="text-sm text-slate-600">JPG, PNG or GIF (max. 5MB)</p>
          </>
        )}
      </div>
      {rejected && (
        <ul role="alert" className="grid gap-1 text-sm font-medium text-red-700">
          {rejectionMessages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {value && !processing && (
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" size="sm" onClick={open}>
            Replace photo
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onChange('')}>
            Remove photo
          </Button>
        </div>
      )}
    </div>
  );
}
