import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button, Card, toast } from '@cardirect/ui';
import { errorMessageOf, paths } from '@cardirect/web';
import { useConfirmListing } from '../api/confirm-listing';

/** The token the e-mail's link carries in its fragment (never sent to a server with the page). */
function tokenInAddress(): string | undefined {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  return token || undefined;
}

/**
 * The page the confirmation e-mail links to. It confirms only on a click: a mail scanner that opens
 * the link must not list the car. Confirming logs the seller in and opens their dashboard.
 */
export function ListingConfirmation() {
  const [token] = useState(tokenInAddress);
  const [, navigate] = useLocation();
  const confirmListing = useConfirmListing();
  const [failure, setFailure] = useState<string>();
  const failureRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => failureRef.current?.focus(), [failure]);

  const confirm = () => {
    if (!token) return;
    confirmListing.mutate(
      { token },
      {
        onSuccess: () => {
          toast({ title: 'Listing confirmed', description: 'Local dealers are being notified about your vehicle.' });
          navigate(paths.sellerDashboard);
        },
        onError: (error) => setFailure(errorMessageOf(error, 'Your listing could not be confirmed. Please try again.')),
      },
    );
  };

  return (
    <div className="mx-auto grid max-w-md gap-6 px-4 py-12">
      <header className="grid gap-2 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Confirm your listing</h1>
        <p className="text-slate-600">Dealers see your car and hear of it only once you confirm that this e-mail address is yours.</p>
      </header>
      <Card className="grid gap-4 p-6">
        {token ? (
          <>
            <p className="text-slate-700">Confirming lists your car and logs you in, so you can follow the offers dealers make.</p>
            <Button onClick={confirm} disabled={confirmListing.isPending}>
              {confirmListing.isPending ? 'Confirming...' : 'Confirm my listing'}
            </Button>
          </>
        ) : (
          <p className="text-slate-700">This page needs the link from your confirmation e-mail. Open the link in that e-mail again, in full.</p>
        )}
        {failure ? (
          <div className="grid gap-2">
            <p ref={failureRef} tabIndex={-1} role="alert" className="text-red-700 outline-none">
              {failure}
            </p>
            <p className="text-slate-700">
              If you confirmed it already, <Link href={paths.sellerLogin} className="font-medium text-blue-700 underline">log in with a code</Link> to see your car and its offers.
            </p>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
