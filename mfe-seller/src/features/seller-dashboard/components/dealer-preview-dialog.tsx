import { Button, Spinner } from '@cardirect/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@cardirect/ui/dialog';
import { errorMessageOf } from '@cardirect/web';
import { ConditionReportCard, MinimumPriceNote, SellerInformationCard, VehicleDetailsCard } from '@cardirect/vehicle-views';
import { useDealerView } from '../api/get-dealer-view';

interface DealerPreviewDialogProps {
  vehicleId: string;
  carName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The seller's listing drawn with the dealers' own cards, from what the server gives a dealer: no
 * name, e-mail, phone or description, so the seller sees exactly what strangers see.
 */
export function DealerPreviewDialog({ vehicleId, carName, open, onOpenChange }: DealerPreviewDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* The primitive's max-w-lg holds below sm; from sm on the variant wins and the dealers' two columns fit. */}
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-5xl">
        <DialogTitle className="pr-8">Your {carName} as dealers see it</DialogTitle>
        <DialogDescription>
          Dealers see the car, its photos and condition, the ZIP code and the date it was listed. Your name, email, phone and description are shared only with the dealer
          whose offer you accept.
        </DialogDescription>
        <PreviewCards vehicleId={vehicleId} />
      </DialogContent>
    </Dialog>
  );
}

function PreviewCards({ vehicleId }: { vehicleId: string }) {
  const preview = useDealerView(vehicleId);
  if (preview.isPending) return <Spinner label="Loading the preview…" className="justify-center py-8" />;
  if (preview.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-lg bg-red-50 p-4 text-red-900">
        <p>The preview could not be loaded: {errorMessageOf(preview.error, 'Please try again.')}</p>
        <Button variant="secondary" onClick={() => void preview.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-5">
      <div className="grid content-start gap-4 lg:col-span-3">
        <VehicleDetailsCard vehicle={preview.data} />
        <ConditionReportCard vehicle={preview.data} />
      </div>
      <div className="grid content-start gap-4 lg:col-span-2">
        <MinimumPriceNote vehicle={preview.data} />
        <SellerInformationCard vehicle={preview.data} hiddenContactNote="The seller's name, e-mail and phone are shared with a dealer once the seller accepts its offer." />
      </div>
    </div>
  );
}
