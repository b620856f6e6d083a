/** The four steps of the wizard (spec section 2): the indicator's titles and each step's heading. */
export const wizardSteps = [
  { number: 1, title: 'Vehicle Info', heading: 'Enter your VIN or select vehicle manually' },
  { number: 2, title: 'Details', heading: 'Enter Vehicle Details' },
  { number: 3, title: 'Contact', heading: 'Your Contact Information' },
  { number: 4, title: 'Submit', heading: 'Review Your Submission' },
] as const;

export type StepNumber = (typeof wizardSteps)[number]['number'];

/** Which step asks for each field of the submission, so a server's field error is shown there. */
const stepOfField: Record<string, StepNumber> = {
  vin: 1,
  year: 1,
  make: 1,
  model: 1,
  trim: 2,
  mileage: 2,
  exteriorColor: 2,
  interiorColor: 2,
  transmission: 2,
  driveType: 2,
  fuelType: 2,
  engine: 2,
  condition: 2,
  titleStatus: 2,
  financingStatus: 2,
  zipCode: 2,
  description: 2,
  fullName: 3,
  contactEmail: 3,
  contactPhone: 3,
  city: 3,
  state: 3,
  photoUrl: 3,
};

/** The server names the photo list `photoUrls`; the form's field is the one photo, `photoUrl`. */
export function formFieldOf(serverField: string): string {
  return serverField === 'photoUrls' ? 'photoUrl' : serverField;
}

/** The first step holding one of these fields, or undefined when none is a form field. */
export function firstStepWith(fields: string[]): StepNumber | undefined {
  const steps = fields.map((field) => stepOfField[formFieldOf(field)]).filter((step): step is StepNumber => step !== undefined);
  return steps.length > 0 ? (Math.min(...steps) as StepNumber) : undefined;
}
