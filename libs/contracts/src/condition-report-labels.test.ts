import { describe, expect, it } from 'vitest';
import { BODY_PANELS, PANEL_DAMAGE_KINDS, WARNING_LIGHTS } from './condition-report';
import { BODY_PANEL_OPTIONS, PANEL_DAMAGE_KIND_OPTIONS, panelDamageDescription, WARNING_LIGHT_OPTIONS } from './condition-report-labels';

describe('condition report labels', () => {
  it('When a damage is described, then it reads as a sentence a dealer understands', () => {
    expect(panelDamageDescription({ panel: 'rear-left-quarter-panel', kind: 'scratch-and-dent', size: 'medium' })).toBe(
      'Scratch and dent, medium (1 to 4 inches), on the rear left quarter panel',
    );
  });

  it('When the answers are listed, then every answer the schema takes has its label, in the schema order', () => {
    expect(BODY_PANEL_OPTIONS.map((option) => option.value)).toEqual([...BODY_PANELS]);
    expect(PANEL_DAMAGE_KIND_OPTIONS.map((option) => option.value)).toEqual([...PANEL_DAMAGE_KINDS]);
    expect(WARNING_LIGHT_OPTIONS.map((option) => option.value)).toEqual([...WARNING_LIGHTS]);
  });
});
