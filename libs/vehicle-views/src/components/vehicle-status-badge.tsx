import { Badge, type BadgeTone } from '@cardirect/ui';

const statusTones: Record<string, BadgeTone> = { new: 'green', pending: 'yellow', approved: 'blue' };

/**
 * A vehicle's status as the spec colours it: new green, pending yellow, approved blue, anything
 * else grey as stored; no status reads 'New' in grey.
 */
export function VehicleStatusBadge({ status }: { status?: string | null }) {
  if (!status) return <Badge tone="grey">New</Badge>;
  return (
    <Badge tone={statusTones[status] ?? 'grey'} className="capitalize">
      {status}
    </Badge>
  );
}

/** A car whose seller accepted another dealer's offer: it takes no more offers, whatever its status. */
export function SaleAgreedBadge() {
  return <Badge tone="grey">Sale agreed</Badge>;
}
