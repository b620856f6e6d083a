import {
  CONDITION_OPTIONS,
  DRIVE_TYPE_OPTIONS,
  EXTERIOR_COLOR_OPTIONS,
  FINANCING_STATUS_OPTIONS,
  FUEL_TYPE_OPTIONS,
  INTERIOR_COLOR_OPTIONS,
  optionLabel,
  TITLE_STATUS_OPTIONS,
  TRANSMISSION_OPTIONS,
  type VehicleView,
} from '@cardirect/contracts';
import { Card, CardContent, CardHeader } from '@cardirect/ui';
import { formatMileage } from '@cardirect/web';
import { vehicleName } from '../vehicle-names';
import { VehiclePhotoGallery } from '../listing/vehicle-photo-gallery';
import { DetailList } from './detail-list';

/**
 * The Vehicle Details card: every photo and every fact of the car, 'N/A' where missing; with a
 * questionnaire, its grade beside the condition the seller chose. The description only where the
 * page asks for it: the admin's, and the dealer's once the seller accepted its offer (the only
 * dealer the API gives it to).
 */
export function VehicleDetailsCard({ vehicle, showDescription = false }: { vehicle: VehicleView; showDescription?: boolean }) {
  const condition = optionLabel(CONDITION_OPTIONS, vehicle.condition);
  const titleStatus = ['Title Status', optionLabel(TITLE_STATUS_OPTIONS, vehicle.titleStatus)] as const;
  // With a questionnaire the car has two conditions, the one the seller chose and the grade of the
  // answers: they come first of a row, so that on a wide screen they stand side by side.
  const conditionRows = vehicle.conditionGrade
    ? ([
        ["Condition (seller's rating)", condition],
        ['Condition grade (from the questionnaire)', optionLabel(CONDITION_OPTIONS, vehicle.conditionGrade)],
        titleStatus,
      ] as const)
    : ([titleStatus, ['Condition', condition]] as const);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold text-slate-900">Vehicle Details</h2>
      </CardHeader>
      <CardContent className="grid gap-6">
        <VehiclePhotoGallery vehicle={vehicle} />
        <DetailList
          rows={[
            ['VIN', vehicle.vin && <span className="font-mono">{vehicle.vin}</span>],
            ['Year / Make / Model', vehicleName(vehicle)],
            ['Trim', vehicle.trim],
            ['Mileage', formatMileage(vehicle.mileage)],
            ['Exterior Color', optionLabel(EXTERIOR_COLOR_OPTIONS, vehicle.exteriorColor)],
            ['Interior Color', optionLabel(INTERIOR_COLOR_OPTIONS, vehicle.interiorColor)],
            ['Transmission', optionLabel(TRANSMISSION_OPTIONS, vehicle.transmission)],
            ['Drive Type', optionLabel(DRIVE_TYPE_OPTIONS, vehicle.driveType)],
            ['Fuel Type', optionLabel(FUEL_TYPE_OPTIONS, vehicle.fuelType)],
            ['Engine', vehicle.engine],
            ...conditionRows,
            ['Financing Status', optionLabel(FINANCING_STATUS_OPTIONS, vehicle.financingStatus)],
          ]}
        />
        {showDescription && (
          <div>
            <h3 className="text-sm text-slate-600">Description</h3>
            <p className="mt-1 whitespace-pre-line text-slate-900">{vehicle.description || 'N/A'}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
