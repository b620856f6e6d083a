import '../styles/remote.css';
import { useParams } from 'wouter';
import { useVehicle, vehicleTitle } from '@cardirect/vehicle-views';
import { paths, useDocumentTitle } from '@cardirect/web';
import { RequireRole } from '@cardirect/web/query';
import { AdminVehicleDetail } from '../features/vehicle-detail/components/admin-vehicle-detail';

/**
 * /vehicles/{id} for an admin (the shell picks this screen by the stored role). A session that is
 * no longer an admin's is sent to the admin login.
 */
export default function AdminVehicleDetailScreen() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <RequireRole role="admin" redirectTo={paths.adminLogin}>
      {() => <TitledVehicleDetail vehicleId={id} />}
    </RequireRole>
  );
}

function TitledVehicleDetail({ vehicleId }: { vehicleId: string }) {
  const vehicle = useVehicle(vehicleId);
  useDocumentTitle(vehicle.data ? vehicleTitle(vehicle.data) : 'Vehicle Detail');
  return <AdminVehicleDetail vehicleId={vehicleId} />;
}
