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
  reservePrice: 2,
  fullName: 3,
  contactEmail: 3,
  contactPhone: 3,
  city: 3,
  state: 3,
  photos: 3,
};

/**
 * The form field showing a server's field error: the photos and their roles are step 3's one
 * photo field, and a questionnaire answer (`conditionReport.tires`) is shown at its question.
 */
export function formFieldOf(serverField: string): string {
  return serverField === 'photoUrls' || serverField.startsWith('photoRoles') ? 'photos' : serverField;
}

const stepOf = (field: string): StepNumber | undefined => (field.startsWith('conditionReport') ? 2 : stepOfField[field]);

/** The first step holding one of these fields, or undefined when none is a form field. */
export function firstStepWith(fields: string[]): StepNumber | undefined {
  const steps = fields.map((field) => stepOf(formFieldOf(field))).filter((step): step is StepNumber => step !== undefined);
  return steps.length > 0 ? (Math.min(...steps) as StepNumber) : undefined;
}
