import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { VEHICLE_STATUS_OPTIONS, vehicleActionsFormSchema, type VehicleActionsForm, type VehicleUpdate, type VehicleView } from '@cardirect/contracts';
import { Button, Card, CardContent, CardHeader, Field, Select, Textarea, toast } from '@cardirect/ui';
import { errorMessageOf } from '@cardirect/web';
import { useUpdateVehicle } from '../api/update-vehicle';

function formValuesOf(vehicle: VehicleView): VehicleActionsForm {
  return { status: vehicle.status ?? 'new', notes: vehicle.notes ?? '', contacted: vehicle.contacted, offerMade: vehicle.offerMade };
}

/**
 * The Actions card: status, notes (4 rows) and the 'Seller Contacted' / 'Offer Made' flags,
 * saved together. For a dealer the server keeps them as that dealer's own record of the car.
 */
interface VehicleActionsCardProps {
  vehicle: VehicleView;
  /** A line under the title saying whose record this is. */
  description?: string;
  /** Fields the page sends along with the form's (the admin's saved street address: the full form sends all five). */
  alsoSend?: VehicleUpdate;
}

export function VehicleActionsCard({ vehicle, description, alsoSend }: VehicleActionsCardProps) {
  const update = useUpdateVehicle(vehicle.id);
  const form = useForm<VehicleActionsForm>({ resolver: zodResolver(vehicleActionsFormSchema), values: formValuesOf(vehicle) });

  const save = form.handleSubmit((values) =>
    update.mutateAsync({ ...alsoSend, ...values }).then(
      () => toast({ title: 'Success', description: 'Vehicle details updated successfully' }),
      (error: unknown) => toast({ title: 'Error', description: errorMessageOf(error, 'Failed to update vehicle details'), variant: 'destructive' }),
    ),
  );

  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold text-slate-900">Actions</h2>
        {description && <p className="text-sm text-slate-600">{description}</p>}
      </CardHeader>
      <CardContent>
        <form onSubmit={save} noValidate className="grid gap-4">
          <Field label="Status" error={form.formState.errors.status?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="status"
                render={({ field }) => <Select {...control} options={VEHICLE_STATUS_OPTIONS} value={field.value} onValueChange={field.onChange} name={field.name} />}
              />
            )}
          </Field>
          <Field label="Notes" error={form.formState.errors.notes?.message}>
            {(control) => <Textarea {...control} rows={4} {...form.register('notes')} />}
          </Field>
          <fieldset className="grid gap-2">
            <legend className="sr-only">Follow-up</legend>
            <label className="flex items-center gap-3 text-slate-900">
              <input type="checkbox" className="size-5 accent-brand-600" {...form.register('contacted')} />
              Seller Contacted
            </label>
            <label className="flex items-center gap-3 text-slate-900">
              <input type="checkbox" className="size-5 accent-brand-600" {...form.register('offerMade')} />
              Offer Made
            </label>
          </fieldset>
          <Button type="submit" disabled={update.isPending} className="justify-self-start">
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
