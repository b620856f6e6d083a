import { useId } from 'react';
import {
  ACCIDENT_HISTORY_OPTIONS,
  CONDITION_OPTIONS,
  KEY_COUNT_OPTIONS,
  optionLabel,
  panelDamageDescription,
  SERVICE_HISTORY_OPTIONS,
  TIRE_CONDITION_OPTIONS,
  WARNING_LIGHT_OPTIONS,
  WINDSHIELD_CONDITION_OPTIONS,
  type ConditionReport,
  type VehicleView,
} from '@cardirect/contracts';
import { Card, CardContent, CardHeader } from '@cardirect/ui';
import { DetailList } from '../components/detail-list';
import { damagePhotoAlt, damagePhotosOf } from './listing-photo-words';

function warningLightsOf(report: ConditionReport): string {
  if (report.warningLights.length === 0) return 'None';
  return report.warningLights.map((light) => optionLabel(WARNING_LIGHT_OPTIONS, light)).join(', ');
}

function declaredDamageOf(report: ConditionReport): string {
  const count = report.panelDamage.length;
  if (count === 0) return 'None declared';
  return count === 1 ? '1 declared, listed below' : `${count} declared, listed below`;
}

/**
 * The seller's condition questionnaire in plain words, the grade it gives the car, and each
 * declared scratch or dent with its photo. Nothing at all for a car listed without one.
 */
export function ConditionReportCard({ vehicle }: { vehicle: VehicleView }) {
  const headingId = useId();
  const report = vehicle.conditionReport;
  if (!report) return null;
  const grade = optionLabel(CONDITION_OPTIONS, vehicle.conditionGrade);
  const damagePhotos = damagePhotosOf(vehicle);
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          Condition Report
        </h2>
        <p className="text-sm text-slate-700">
          The seller's answers to our condition questions{grade ? <>, which grade the car <strong>{grade}</strong></> : null}.
        </p>
      </CardHeader>
      <CardContent className="grid gap-6">
        <DetailList
          rows={[
            ['Accident history', optionLabel(ACCIDENT_HISTORY_OPTIONS, report.accidentHistory)],
            ['Warning lights on', warningLightsOf(report)],
            ['Tires', optionLabel(TIRE_CONDITION_OPTIONS, report.tires)],
            ['Windshield', optionLabel(WINDSHIELD_CONDITION_OPTIONS, report.windshield)],
            ['Keys', optionLabel(KEY_COUNT_OPTIONS, report.keys)],
            ['Service history', optionLabel(SERVICE_HISTORY_OPTIONS, report.serviceHistory)],
            ['Smoked in', report.smokedIn ? 'Yes' : 'No'],
            ['Modifications', report.modifications || 'None'],
            ['Scratches and dents', declaredDamageOf(report)],
          ]}
        />
        {report.panelDamage.length > 0 && (
          <div className="grid gap-3">
            <h3 className="font-semibold text-slate-900">Declared scratches and dents</h3>
            <ol className="grid gap-4 sm:grid-cols-2">
              {report.panelDamage.map((damage, index) => {
                const photo = damagePhotos[index];
                return (
                  // Declared damages never change once listed, so their place is their identity.
                  <li key={index} className="grid content-start gap-2">
                    {photo ? (
                      <a href={photo.url} target="_blank" rel="noreferrer" className="block rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
                        <img src={photo.thumbnailUrl} alt={damagePhotoAlt(index, damage)} loading="lazy" decoding="async" className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover" />
                        <span className="sr-only"> (opens full size in a new tab)</span>
                      </a>
                    ) : (
                      <p className="rounded-lg bg-slate-100 p-4 text-center text-sm text-slate-600">No photo</p>
                    )}
                    <p className="font-medium text-slate-900">
                      {index + 1}. {panelDamageDescription(damage)}
                    </p>
                  </li>
                );
              })}
            </ol>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
