import { z } from 'zod';
import { CONDITIONS, type Condition } from './reference-data';
import { optionalText, requiredEnum } from './fields';

// The seller's condition questionnaire (issue 36) and the grade computed from it. The grade uses
// the spec's own condition scale, so a dealer reads it beside the condition the seller chose. US
// words throughout (tires, windshield, hood, trunk): the product lists cars by US ZIP code.

export const ACCIDENT_HISTORIES = ['none', 'minor-repaired', 'major-repaired', 'not-repaired'] as const;
export const WARNING_LIGHTS = ['check-engine', 'abs', 'airbag', 'oil-pressure', 'battery', 'tire-pressure', 'other'] as const;
export const TIRE_CONDITIONS = ['good', 'worn', 'needs-replacing'] as const;
export const BODY_PANELS = [
  'front-bumper',
  'hood',
  'roof',
  'trunk',
  'rear-bumper',
  'front-left-fender',
  'front-right-fender',
  'front-left-door',
  'front-right-door',
  'rear-left-door',
  'rear-right-door',
  'rear-left-quarter-panel',
  'rear-right-quarter-panel',
] as const;
export const PANEL_DAMAGE_KINDS = ['scratch', 'dent', 'scratch-and-dent'] as const;
export const PANEL_DAMAGE_SIZES = ['small', 'medium', 'large'] as const;
export const WINDSHIELD_CONDITIONS = ['clear', 'chipped', 'cracked'] as const;
export const KEY_COUNTS = ['one', 'two-or-more'] as const;
export const SERVICE_HISTORIES = ['full', 'partial', 'none'] as const;

export type AccidentHistory = (typeof ACCIDENT_HISTORIES)[number];
export type WarningLight = (typeof WARNING_LIGHTS)[number];
export type BodyPanel = (typeof BODY_PANELS)[number];

/** A scratch or dent the seller declares; its photo names it (a `damage` photo role, listing-photos.ts). */
export const panelDamageSchema = z.object({
  panel: requiredEnum(BODY_PANELS, 'Choose the panel'),
  kind: requiredEnum(PANEL_DAMAGE_KINDS, 'Choose scratch, dent or both'),
  size: requiredEnum(PANEL_DAMAGE_SIZES, 'Choose the size'),
});
export type PanelDamage = z.infer<typeof panelDamageSchema>;

export const conditionReportSchema = z
  .object({
    accidentHistory: requiredEnum(ACCIDENT_HISTORIES, 'Tell us about any accidents'),
    warningLights: z.array(requiredEnum(WARNING_LIGHTS, 'Choose the warning lights that are on')).max(WARNING_LIGHTS.length),
    tires: requiredEnum(TIRE_CONDITIONS, 'Choose the condition of the tires'),
    panelDamage: z.array(panelDamageSchema).max(BODY_PANELS.length * 2, 'Declare at most two damages a panel'),
    windshield: requiredEnum(WINDSHIELD_CONDITIONS, 'Choose the condition of the windshield'),
    keys: requiredEnum(KEY_COUNTS, 'Choose how many keys come with the car'),
    serviceHistory: requiredEnum(SERVICE_HISTORIES, 'Choose the service history'),
    smokedIn: z.boolean({ error: 'Tell us whether the car was smoked in' }),
    modifications: optionalText(500),
  })
  .superRefine((report, context) => {
    if (new Set(report.warningLights).size !== report.warningLights.length) {
      context.addIssue({ code: 'custom', path: ['warningLights'], message: 'Choose each warning light once' });
    }
  });
export type ConditionReport = z.infer<typeof conditionReportSchema>;

/** Best first: a grade is the worst of what each answer allows. */
const GRADE_ORDER: readonly Condition[] = CONDITIONS;
const worse = (a: Condition, b: Condition): Condition => (GRADE_ORDER.indexOf(a) >= GRADE_ORDER.indexOf(b) ? a : b);

const ACCIDENT_CAP: Record<AccidentHistory, Condition> = { none: 'excellent', 'minor-repaired': 'good', 'major-repaired': 'fair', 'not-repaired': 'needs_work' };
/** A light that means the car is unsafe or may be damaged inside caps it lowest. */
const WARNING_LIGHT_CAP: Record<WarningLight, Condition> = {
  'tire-pressure': 'good',
  other: 'good',
  'check-engine': 'fair',
  abs: 'fair',
  battery: 'fair',
  airbag: 'needs_work',
  'oil-pressure': 'needs_work',
};
const TIRE_CAP: Record<(typeof TIRE_CONDITIONS)[number], Condition> = { good: 'excellent', worn: 'good', 'needs-replacing': 'fair' };
const WINDSHIELD_CAP: Record<(typeof WINDSHIELD_CONDITIONS)[number], Condition> = { clear: 'excellent', chipped: 'good', cracked: 'fair' };
const KEYS_CAP: Record<(typeof KEY_COUNTS)[number], Condition> = { 'two-or-more': 'excellent', one: 'good' };
const SERVICE_CAP: Record<(typeof SERVICE_HISTORIES)[number], Condition> = { full: 'excellent', partial: 'good', none: 'fair' };

/** Small marks on one or two panels are wear; more panels, or any large damage, are bodywork. */
function panelCap(damage: readonly PanelDamage[]): Condition {
  const panels = new Set(damage.map((item) => item.panel)).size;
  if (damage.some((item) => item.size === 'large') || panels >= 6) return 'needs_work';
  if (damage.some((item) => item.size === 'medium') || panels >= 3) return 'fair';
  return panels > 0 ? 'good' : 'excellent';
}

/** Several small faults together make a car "fair" even when none of them alone would. */
export const MINOR_FAULTS_FOR_FAIR = 3;

/**
 * The condition grade of a questionnaire: the worst grade any answer allows (an unrepaired
 * accident or an airbag light alone makes it "needs_work"), and "fair" at best once
 * MINOR_FAULTS_FOR_FAIR answers each allow only "good". The one rule the wizard shows, the server
 * stores and the dealer reads.
 */
export function conditionGradeOf(report: ConditionReport): Condition {
  const caps: Condition[] = [
    ACCIDENT_CAP[report.accidentHistory],
    ...report.warningLights.map((light) => WARNING_LIGHT_CAP[light]),
    TIRE_CAP[report.tires],
    panelCap(report.panelDamage),
    WINDSHIELD_CAP[report.windshield],
    KEYS_CAP[report.keys],
    SERVICE_CAP[report.serviceHistory],
    report.smokedIn ? 'good' : 'excellent',
    report.modifications ? 'good' : 'excellent',
  ];
  const grade = caps.reduce(worse, 'excellent');
  const minorFaults = caps.filter((cap) => cap === 'good').length;
  return minorFaults >= MINOR_FAULTS_FOR_FAIR ? worse(grade, 'fair') : grade;
}
