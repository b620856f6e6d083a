import { useState } from 'react';
import { ErrorCode, useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import { Button, cn, Spinner } from '@cardirect/ui';
import { resizePhoto, SPEC_PHOTO_ENCODING, type PhotoEncoding } from '@cardirect/web';

/** Images only, one at a time per place (spec section 5); the 5 MB in the hint is advertised, not enforced. */
const acceptedPhotos: Accept = { 'image/jpeg': ['.jpeg', '.jpg'], 'image/png': ['.png'], 'image/gif': ['.gif'] };

/**
 * Sentences a person reads for a refused file; react-dropzone's own ("File type must be one of
 * image/jpeg, .jpeg, ...") speak in MIME types. No size limit is set: the 5MB of the hint is
 * advertised only (spec section 9), and the photo is resized here to a few hundred KB at most anyway.
 */
function refusalOf(rejection: FileRejection): string {
  const codes = rejection.errors.map((error) => error.code);
  if (codes.includes(ErrorCode.TooManyFiles)) return 'Choose one photo for this place: add more under "More photos".';
  return 'That file is not a photo we can use: choose a JPG, PNG or GIF.';
}

const unreadablePhoto = 'We could not open that photo: the file may be damaged. Choose another JPG, PNG or GIF.';

interface PhotoDropzoneProps {
  id: string;
  /** What the photo shows ("Front three-quarter"): names the area, its buttons and the preview. */
  subject: string;
  /** The resized photo as a data URL, '' when none is chosen. */
  value: string;
  onChange: (photoUrl: string) => void;
  /** Size and quality of the resized photo: the spec's 600 px at 0.7 unless told otherwise. */
  encoding?: PhotoEncoding;
  invalid: boolean;
  describedBy?: string;
}

/**
 * One photo by drag-and-drop or browsing. The drop states (idle, drag active, accepted, rejected)
 * each show; the chosen photo is resized in the browser and previewed, with a way to replace it,
 * and a photo that failed can be tried again without choosing it again.
 */
export function PhotoDropzone({ id, subject, value, onChange, encoding = SPEC_PHOTO_ENCODING, invalid, describedBy }: PhotoDropzoneProps) {
  const [processing, setProcessing] = useState(false);
  const [unreadable, setUnreadable] = useState(false);
  const [failedFile, setFailedFile] = useState<File | undefined>();
  const prepare = async (file: File) => {
    setProcessing(true);
    setUnreadable(false);
    try {
      onChange(await resizePhoto(file, encoding));
      setFailedFile(undefined);
    } catch (error) {
      // The spec logs processing errors only; the seller is told too, or a broken file would seem to be ignored.
      console.error('Photo could not be processed', error);
      setUnreadable(true);
      setFailedFile(file);
    } finally {
      setProcessing(false);
    }
  };
  const { getRootProps, getInputProps, open, isDragActive, isDragReject, fileRejections } = useDropzone({
    accept: acceptedPhotos,
    maxFiles: 1,
    multiple: false,
    // The area takes drops; browsing is its own button, so no control sits inside another (axe nested-interactive).
    noClick: true,
    noKeyboard: true,
    onDrop: () => setUnreadable(false),
    onDropAccepted: async ([file]) => {
      if (file) await prepare(file);
    },
  });
  const refusals = [...new Set(fileRejections.map(refusalOf)), ...(unreadable ? [unreadablePhoto] : [])];
  const rejected = refusals.length > 0 && !isDragActive;
  // react-dropzone keeps isDragReject set after a refused file; only while dragging does it replace the area's content,
  // else the Browse button would be gone just when the seller needs another file.
  const draggingRefusedFile = isDragActive && isDragReject;

  return (
    <div className="grid gap-3">
      <div
        {...getRootProps({
          className: cn(
            'flex min-h-48 flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-6 text-center transition-colors',
            draggingRefusedFile || rejected || invalid ? 'border-red-600 bg-red-50' : isDragActive ? 'border-brand-600 bg-brand-50' : value ? 'border-green-600 bg-green-50' : 'border-slate-300 bg-white',
          ),
          role: 'group',
          'aria-label': `${subject} photo drop area`,
        })}
        data-drop-state={draggingRefusedFile ? 'rejected' : isDragActive ? 'drag-active' : rejected ? 'rejected' : value ? 'accepted' : 'idle'}
      >
        <input {...getInputProps({ id, 'aria-describedby': describedBy })} />
        {processing ? (
          <Spinner label="Preparing your photo…" />
        ) : draggingRefusedFile ? (
          <p className="font-semibold text-red-700">This file is not a JPG, PNG or GIF image</p>
        ) : isDragActive ? (
          <p className="font-semibold text-brand-700">Drop the photo here</p>
        ) : value ? (
          <img src={value} alt={`Your photo: ${subject.toLowerCase()}`} className="max-h-56 rounded-lg object-contain" />
        ) : (
          <>
            <p className="font-semibold text-slate-900">Drag and drop a photo here, or</p>
            <Button variant="secondary" size="sm" onClick={open} aria-label={`Browse for a photo: ${subject.toLowerCase()}`} aria-describedby={describedBy}>
              Browse for a photo
            </Button>
            <p className="text-sm text-slate-600">JPG, PNG or GIF (max. 5MB)</p>
          </>
        )}
      </div>
      {rejected && (
        // role=alert on a list would take away its list semantics (axe: listitem), so each reason is a paragraph.
        <div role="alert" className="grid gap-1 text-sm font-medium text-red-700">
          {refusals.map((message) => (
            <p key={message}>{message}</p>
          ))}
          {unreadable && failedFile && (
            <div>
              <Button variant="secondary" size="sm" onClick={() => void prepare(failedFile)}>
                Try again
              </Button>
            </div>
          )}
        </div>
      )}
      {value && !processing && (
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" size="sm" onClick={open} aria-label={`Replace photo: ${subject.toLowerCase()}`}>
            Replace photo
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onChange('')} aria-label={`Remove photo: ${subject.toLowerCase()}`}>
            Remove photo
          </Button>
        </div>
      )}
    </div>
  );
}
