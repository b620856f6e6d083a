import type { ReactNode } from 'react';
import type { VehicleView } from '@cardirect/contracts';
import { Card, CardContent, CardHeader } from '@cardirect/ui';
import { EmailAddress, formatDate } from '@cardirect/web';
import { DetailList } from './detail-list';

/**
 * The Seller Information card. It shows what the server sent: the ZIP and listed date always,
 * the seller's name, e-mail, phone and place only to those allowed to see them (the admin, or
 * the dealer whose offer the seller accepted); `hiddenContactNote` says why they are missing.
 */
export function SellerInformationCard({ vehicle, hiddenContactNote, children }: { vehicle: VehicleView; hiddenContactNote?: ReactNode; children?: ReactNode }) {
  const hasContact = Boolean(vehicle.fullName || vehicle.contactEmail);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold text-slate-900">Seller Information</h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <DetailList
          rows={[
            ...(hasContact
              ? ([
                  ['Full Name', vehicle.fullName],
                  ['Email', vehicle.contactEmail && <a href={`mailto:${vehicle.contactEmail}`} className="text-brand-700 underline"><EmailAddress email={vehicle.contactEmail} /></a>],
                  ['Phone', vehicle.contactPhone && <a href={`tel:${vehicle.contactPhone}`} className="text-brand-700 underline">{vehicle.contactPhone}</a>],
                  ['City', vehicle.city],
                  ['State', vehicle.state],
                ] as const)
              : []),
            ['ZIP Code', vehicle.zipCode],
            ['Listed On', formatDate(vehicle.createdAt)],
          ]}
        />
        {!hasContact && hiddenContactNote && <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">{hiddenContactNote}</p>}
        {children}
      </CardContent>
    </Card>
  );
}
