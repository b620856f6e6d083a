import { zodResolver } from '@hookform/resolvers/zod';
import { contactFormSchema, vehicleDetailsFormSchema, vehicleInfoFormSchema } from '@cardirect/contracts';

// The steps' zod rules (the spec's messages, from contracts), in a module of their own so that zod
// is fetched when a seller starts filling the form, not before step 1 can be used.
export const vehicleInfoResolver = zodResolver(vehicleInfoFormSchema);
export const vehicleDetailsResolver = zodResolver(vehicleDetailsFormSchema);
export const contactResolver = zodResolver(contactFormSchema);
