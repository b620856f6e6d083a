import { Card, CardContent, CardHeader } from '@cardirect/ui';

/** Reports about a car that outside services build from its VIN. */
export function externalResourceLinks(vin: string): ReadonlyArray<{ label: string; description: string; href: string }> {
  const encoded = encodeURIComponent(vin);
  return [
    { label: 'Vehicle History Report', description: 'Accidents, owners and title records (Carfax)', href: `https://www.carfax.com/VehicleHistory/p/Report.cfx?vin=${encoded}` },
    { label: 'Auction Market Value', description: 'What dealers pay at auction (Manheim MMR)', href: `https://mmr.manheim.com/?vin=${encoded}` },
    { label: 'Consumer Valuation Guide', description: 'Trade-in and private-party value (Kelley Blue Book)', href: `https://www.kbb.com/whats-my-car-worth/?vin=${encoded}` },
  ];
}

/** The External Resources card: three reports built from the VIN, each opening safely in a new tab. */
export function ExternalResourcesCard({ vin }: { vin?: string }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold text-slate-900">External Resources</h2>
      </CardHeader>
      <CardContent>
        {vin ? (
          <ul className="grid gap-3">
            {externalResourceLinks(vin).map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block rounded-md border border-slate-200 p-3 hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <span className="font-semibold text-brand-700">{link.label}</span>
                  <span className="sr-only"> (opens in a new tab)</span>
                  <span className="block text-sm text-slate-600">{link.description}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">The seller gave no VIN, so no reports can be looked up.</p>
        )}
      </CardContent>
    </Card>
  );
}
