import {
  ACCIDENT_HISTORIES,
  BODY_PANELS,
  KEY_COUNTS,
  PANEL_DAMAGE_KINDS,
  PANEL_DAMAGE_SIZES,
  SERVICE_HISTORIES,
  TIRE_CONDITIONS,
  WARNING_LIGHTS,
  WINDSHIELD_CONDITIONS,
  type PanelDamage,
} from './condition-report';
import { optionsOf } from './reference-data';

// The questionnaire's questions and answers in the words a seller answers them and a dealer reads
// them: written once, for the wizard and for every car page.

export const CONDITION_QUESTIONS = {
  accidentHistory: 'Has the car been in an accident?',
  warningLights: 'Warning lights on the dashboard',
  tires: 'Tires',
  panelDamage: 'Scratches and dents',
  windshield: 'Windshield',
  keys: 'Keys',
  serviceHistory: 'Service history',
  smokedIn: 'Has anyone smoked in the car?',
  modifications: 'Modifications (optional)',
} as const;

export const ACCIDENT_HISTORY_OPTIONS = optionsOf<(typeof ACCIDENT_HISTORIES)[number]>({
  none: 'No accidents',
  'minor-repaired': 'Minor accident, repaired',
  'major-repaired': 'Major accident, repaired',
  'not-repaired': 'Accident damage not repaired',
});
export const WARNING_LIGHT_OPTIONS = optionsOf<(typeof WARNING_LIGHTS)[number]>({
  'check-engine': 'Check engine',
  abs: 'ABS',
  airbag: 'Airbag',
  'oil-pressure': 'Oil pressure',
  battery: 'Battery',
  'tire-pressure': 'Tire pressure',
  other: 'Another light',
});
export const TIRE_CONDITION_OPTIONS = optionsOf<(typeof TIRE_CONDITIONS)[number]>({
  good: 'Good tread',
  worn: 'Worn',
  'needs-replacing': 'Need replacing',
});
export const BODY_PANEL_OPTIONS = optionsOf<(typeof BODY_PANELS)[number]>({
  'front-bumper': 'Front bumper',
  hood: 'Hood',
  roof: 'Roof',
  trunk: 'Trunk',
  'rear-bumper': 'Rear bumper',
  'front-left-fender': 'Front left fender',
  'front-right-fender': 'Front right fender',
  'front-left-door': 'Front left door',
  'front-right-door': 'Front right door',
  'rear-left-door': 'Rear left door',
  'rear-right-door': 'Rear right door',
  'rear-left-quarter-panel': 'Rear left quarter panel',
  'rear-right-quarter-panel': 'Rear right quarter panel',
});
export const PANEL_DAMAGE_KIND_OPTIONS = optionsOf<(typeof PANEL_DAMAGE_KINDS)[number]>({
  scratch: 'Scratch',
  dent: 'Dent',
  'scratch-and-dent': 'Scratch and dent',
});
export const PANEL_DAMAGE_SIZE_OPTIONS = optionsOf<(typeof PANEL_DAMAGE_SIZES)[number]>({
  small: 'Small (under 1 inch)',
  medium: 'Medium (1 to 4 inches)',
  large: 'Large (over 4 inches)',
});
export const WINDSHIELD_CONDITION_OPTIONS = optionsOf<(typeof WINDSHIELD_CONDITIONS)[number]>({
  clear: 'No chips or cracks',
  chipped: 'Chipped',
  cracked: 'Cracked',
});
export const KEY_COUNT_OPTIONS = optionsOf<(typeof KEY_COUNTS)[number]>({
  one: 'One key',
  'two-or-more': 'Two or more keys',
});
export const SERVICE_HISTORY_OPTIONS = optionsOf<(typeof SERVICE_HISTORIES)[number]>({
  full: 'Full service records',
  partial: 'Some service records',
  none: 'No service records',
});

const labelOf = (options: readonly { value: string; label: string }[], value: string) => options.find((option) => option.value === value)?.label ?? value;

/** "Scratch, small (under 1 inch), on the hood": one declared damage in a sentence. */
export function panelDamageDescription(damage: PanelDamage): string {
  const size = labelOf(PANEL_DAMAGE_SIZE_OPTIONS, damage.size).toLowerCase();
  return `${labelOf(PANEL_DAMAGE_KIND_OPTIONS, damage.kind)}, ${size}, on the ${labelOf(BODY_PANEL_OPTIONS, damage.panel).toLowerCase()}`;
}
