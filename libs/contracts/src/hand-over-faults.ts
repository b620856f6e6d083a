import { z } from 'zod';
import {
  BODY_PANELS,
  PANEL_DAMAGE_KINDS,
  PANEL_DAMAGE_SIZES,
  WARNING_LIGHTS,
  type ConditionReport,
  type PanelDamage,
} from './condition-report';
import { BODY_PANEL_OPTIONS, panelDamageDescription, TIRE_CONDITION_OPTIONS, WARNING_LIGHT_OPTIONS, WINDSHIELD_CONDITION_OPTIONS } from './condition-report-labels';
import { requiredEnum, requiredText } from './fields';
import { optionsOf } from './reference-data';

/*
 * The hand-over holds to the listing (issue 36): a lower price names the faults it is for, each an
 * answer of the seller's questionnaire turned out worse than declared, or, for what the
 * questionnaire does not ask (a noise, a worn seat), a fault in the dealer's own words. A fault the
 * listing declared was priced into the offer, so it cannot lower the price (declaredFaultRefusal).
 */

/** The questionnaire's answers a dealer can find worse at the hand-over; the service history and modifications are papers and words, which `other` covers. */
export const HAND_OVER_FAULT_KINDS = ['panel-damage', 'warning-light', 'tires', 'windshield', 'accident-damage', 'keys', 'smoke', 'other'] as const;
export type HandOverFaultKind = (typeof HAND_OVER_FAULT_KINDS)[number];
/** The tire and windshield answers that are faults, mildest first. */
export const FAULTY_TIRE_CONDITIONS = ['worn', 'needs-replacing'] as const;
export const FAULTY_WINDSHIELD_CONDITIONS = ['chipped', 'cracked'] as const;
export const HAND_OVER_MAX_FAULTS = 10;
export const HAND_OVER_FAULT_DESCRIPTION_MAX = 200;

export const HAND_OVER_FAULT_KIND_OPTIONS = optionsOf<HandOverFaultKind>({
  'panel-damage': 'A scratch or dent',
  'warning-light': 'A warning light on',
  tires: 'Worn tires',
  windshield: 'Windshield damage',
  'accident-damage': 'Accident damage',
  keys: 'Only one key',
  smoke: 'The car was smoked in',
  other: 'Another fault',
});

const faultCountMessage = `Name the faults not in the listing: 1 to ${HAND_OVER_MAX_FAULTS}`;

export const handOverFaultSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('panel-damage'),
      panel: requiredEnum(BODY_PANELS, 'Choose the panel'),
      damage: requiredEnum(PANEL_DAMAGE_KINDS, 'Choose scratch, dent or both'),
      size: requiredEnum(PANEL_DAMAGE_SIZES, 'Choose the size'),
    }),
    z.object({ kind: z.literal('warning-light'), light: requiredEnum(WARNING_LIGHTS, 'Choose the warning light') }),
    z.object({ kind: z.literal('tires'), condition: requiredEnum(FAULTY_TIRE_CONDITIONS, 'Choose how worn the tires are') }),
    z.object({ kind: z.literal('windshield'), condition: requiredEnum(FAULTY_WINDSHIELD_CONDITIONS, 'Choose chipped or cracked') }),
    z.object({ kind: z.literal('accident-damage') }),
    z.object({ kind: z.literal('keys') }),
    z.object({ kind: z.literal('smoke') }),
    z.object({ kind: z.literal('other'), description: requiredText('Describe the fault in a few words', 3, HAND_OVER_FAULT_DESCRIPTION_MAX) }),
  ],
  { error: 'Choose what the fault is' },
);
export type HandOverFault = z.infer<typeof handOverFaultSchema>;

/** What makes two faults the same one, so none is named twice. */
function sameFaultKey(fault: HandOverFault): string {
  switch (fault.kind) {
    case 'panel-damage':
      return `${fault.kind}:${fault.panel}:${fault.damage}:${fault.size}`;
    case 'warning-light':
      return `${fault.kind}:${fault.light}`;
    case 'other':
      return `${fault.kind}:${fault.description.toLowerCase()}`;
    default:
      return fault.kind;
  }
}

export const handOverFaultsSchema = z
  .array(handOverFaultSchema, { error: faultCountMessage })
  .min(1, faultCountMessage)
  .max(HAND_OVER_MAX_FAULTS, faultCountMessage)
  .superRefine((faults, context) => {
    if (new Set(faults.map(sameFaultKey)).size !== faults.length) context.addIssue({ code: 'custom', message: 'Name each fault once' });
  });

const labelOf = (options: readonly { value: string; label: string }[], value: string) => options.find((option) => option.value === value)?.label ?? value;
const asPanelDamage = (fault: Extract<HandOverFault, { kind: 'panel-damage' }>): PanelDamage => ({ panel: fault.panel, kind: fault.damage, size: fault.size });

/** One fault in a line, as the seller, the admin and the e-mail read it ("Scratch, large (over 4 inches), on the hood"). */
export function handOverFaultDescription(fault: HandOverFault): string {
  switch (fault.kind) {
    case 'panel-damage':
      return panelDamageDescription(asPanelDamage(fault));
    case 'warning-light':
      return `Warning light on: ${labelOf(WARNING_LIGHT_OPTIONS, fault.light)}`;
    case 'tires':
      return `Tires: ${labelOf(TIRE_CONDITION_OPTIONS, fault.condition).toLowerCase()}`;
    case 'windshield':
      return `Windshield: ${labelOf(WINDSHIELD_CONDITION_OPTIONS, fault.condition).toLowerCase()}`;
    case 'accident-damage':
      return 'Damage from an accident';
    case 'keys':
      return 'Only one key';
    case 'smoke':
      return 'The car was smoked in';
    case 'other':
      return fault.description;
  }
}

/** The faults the listing declared, in the same shape a dealer names them: what cannot lower the price. */
export function declaredFaultsOf(report: ConditionReport): HandOverFault[] {
  const faults: HandOverFault[] = report.panelDamage.map((damage) => ({ kind: 'panel-damage', panel: damage.panel, damage: damage.kind, size: damage.size }));
  for (const light of report.warningLights) faults.push({ kind: 'warning-light', light });
  if (report.tires !== 'good') faults.push({ kind: 'tires', condition: report.tires });
  if (report.windshield !== 'clear') faults.push({ kind: 'windshield', condition: report.windshield });
  if (report.accidentHistory !== 'none') faults.push({ kind: 'accident-damage' });
  if (report.keys === 'one') faults.push({ kind: 'keys' });
  if (report.smokedIn) faults.push({ kind: 'smoke' });
  return faults;
}

/** A scratch-and-dent is both; a declared damage covers a claimed part of the same kind that is no larger. */
const damageParts = (damage: PanelDamage['kind']): Array<'scratch' | 'dent'> => (damage === 'scratch-and-dent' ? ['scratch', 'dent'] : [damage]);
const atLeastAsLarge = (declared: PanelDamage['size'], claimed: PanelDamage['size']) => PANEL_DAMAGE_SIZES.indexOf(declared) >= PANEL_DAMAGE_SIZES.indexOf(claimed);
const atLeastAsBad = <T extends string>(scale: readonly T[], declared: string, claimed: T) => scale.indexOf(declared as T) >= scale.indexOf(claimed);

function panelDamageDeclared(claimed: PanelDamage, report: ConditionReport): boolean {
  const onPanel = report.panelDamage.filter((declared) => declared.panel === claimed.panel && atLeastAsLarge(declared.size, claimed.size));
  return damageParts(claimed.kind).every((part) => onPanel.some((declared) => damageParts(declared.kind).includes(part)));
}

function panelDamageWords(damage: PanelDamage): string {
  const what = damage.kind === 'scratch-and-dent' ? 'scratch and dent' : damage.kind;
  return `The ${what} on the ${labelOf(BODY_PANEL_OPTIONS, damage.panel).toLowerCase()}`;
}

const WARNING_LIGHT_WORDS: Record<(typeof WARNING_LIGHTS)[number], string> = {
  'check-engine': 'The check engine light',
  abs: 'The ABS light',
  airbag: 'The airbag light',
  'oil-pressure': 'The oil pressure light',
  battery: 'The battery light',
  'tire-pressure': 'The tire pressure light',
  other: 'A warning light',
};

/** The fault as the listing declared it, in the words of the refusal ("The scratch on the hood"), or undefined when the listing did not declare it. */
function declaredAs(fault: HandOverFault, report: ConditionReport): string | undefined {
  switch (fault.kind) {
    case 'panel-damage': {
      const claimed = asPanelDamage(fault);
      return panelDamageDeclared(claimed, report) ? panelDamageWords(claimed) : undefined;
    }
    case 'warning-light':
      return report.warningLights.includes(fault.light) ? WARNING_LIGHT_WORDS[fault.light] : undefined;
    case 'tires':
      return atLeastAsBad(FAULTY_TIRE_CONDITIONS, report.tires, fault.condition) ? `The tires' wear` : undefined;
    case 'windshield':
      return atLeastAsBad(FAULTY_WINDSHIELD_CONDITIONS, report.windshield, fault.condition) ? `The ${fault.condition} windshield` : undefined;
    case 'accident-damage':
      return report.accidentHistory !== 'none' ? 'The accident' : undefined;
    case 'keys':
      return report.keys === 'one' ? 'The single key' : undefined;
    case 'smoke':
      return report.smokedIn ? 'Smoking in the car' : undefined;
    case 'other':
      // The dealer's own words cannot be matched to an answer; the seller and an admin read them with the photos.
      return undefined;
  }
}

/**
 * Why the listing's questionnaire refuses this fault as a reason for a lower price, or undefined
 * when it may be named: a damage larger than declared, a worse condition, or anything the listing
 * did not declare may; the same or less may not. A car listed without a questionnaire declared nothing.
 */
export function declaredFaultRefusal(fault: HandOverFault, report: ConditionReport | undefined): string | undefined {
  const declared = report && declaredAs(fault, report);
  return declared && `${declared} was declared in the listing: a declared fault cannot lower the price`;
}
