import '../styles/remote.css';
import { useParams } from 'wouter';
import { paths } from '@cardirect/web';
import { RequireRole } from '@cardirect/web/query';
import { DealerVehiclePage } from '../app/vehicle-page/components/dealer-vehicle-page';
import { usePrefetchVehiclePage } from '../app/vehicle-page/hooks/use-prefetch-vehicle-page';

/** `/vehicles/{id}` for a dealer (the shell shows the admin's screen to an admin); anyone else logs in first. */
export default function VehicleDetailScreen() {
  const { id = '' } = useParams<{ id: string }>();
  usePrefetchVehiclePage(id);
  return <RequireRole role="dealer" redirectTo={paths.dealerLogin}>{() => <DealerVehiclePage vehicleId={id} />}</RequireRole>;
}
