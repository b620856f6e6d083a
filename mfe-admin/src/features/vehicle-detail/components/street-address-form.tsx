import { useForm } from 'react-hook-form';
import type { VehicleView } from '@cardirect/contracts';
import { Button, Field, Input, toast } from '@cardirect/ui';
import { useUpdateVehicle } from '@cardirect/vehicle-views';
import { errorMessageOf } from '@cardirect/web';

/** The admin's street address editor (spec section 4): free text, saved on its own (PATCH with only streetAddress). */
export function StreetAddressForm({ vehicle }: { vehicle: VehicleView }) {
  const update = useUpdateVehicle(vehicle.id);
  const form = useForm<{ streetAddress: string }>({
    values: { streetAddress: vehicle.streetAddress ?? '' },
    // A save of the Actions form replaces the car; an address being typed is kept.
    resetOptions: { keepDirtyValues: true },
  });

  const save = form.handleSubmit(({ streetAddress }) =>
    update.mutateAsync({ streetAddress }).then(
      () => toast({ title: 'Success', description: 'Vehicle details updated successfully' }),
      (error: unknown) => toast({ title: 'Error', description: errorMessageOf(error, 'Failed to update vehicle details'), variant: 'destructive' }),
    ),
  );

  return (
    <form onSubmit={save} noValidate className="grid gap-3 border-t border-slate-100 pt-4">
      <Field label="Street Address">
        {(control) => <Input {...control} placeholder="Enter complete street address" autoComplete="off" {...form.register('streetAddress')} />}
      </Field>
      <Button type="submit" variant="secondary" size="sm" disabled={update.isPending} className="justify-self-start">
        {update.isPending ? 'Saving...' : 'Save Address'}
      </Button>
    </form>
  );
}
