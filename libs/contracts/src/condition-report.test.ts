import { describe, expect, it } from 'vitest';
import { conditionGradeOf, conditionReportSchema, type ConditionReport } from './condition-report';

function report(overrides: Partial<ConditionReport> = {}): ConditionReport {
  return {
    accidentHistory: 'none',
    warningLights: [],
    tires: 'good',
    panelDamage: [],
    windshield: 'clear',
    keys: 'two-or-more',
    serviceHistory: 'full',
    smokedIn: false,
    ...overrides,
  };
}

describe('conditionGradeOf', () => {
  it('When every answer is the best one, then the grade is "excellent"', () => {
    // Act
    const grade = conditionGradeOf(report());

    // Assert
    expect(grade).toBe('excellent');
  });

  it('When one answer alone is a minor fault (one key, a chip, worn tires), then the grade is "good"', () => {
    // Act
    const grades = [report({ keys: 'one' }), report({ windshield: 'chipped' }), report({ tires: 'worn' }), report({ smokedIn: true })].map(conditionGradeOf);

    // Assert
    expect(grades).toEqual(['good', 'good', 'good', 'good']);
  });

  it('When three answers are minor faults, then the grade is "fair", though none alone would make it so', () => {
    // Act
    const two = conditionGradeOf(report({ keys: 'one', tires: 'worn' }));
    const three = conditionGradeOf(report({ keys: 'one', tires: 'worn', modifications: 'Aftermarket exhaust' }));

    // Assert
    expect(two).toBe('good');
    expect(three).toBe('fair');
  });

  it('When the car had an accident, then the grade follows its repair: minor "good", major "fair", not repaired "needs_work"', () => {
    // Act
    const grades = (['minor-repaired', 'major-repaired', 'not-repaired'] as const).map((accidentHistory) => conditionGradeOf(report({ accidentHistory })));

    // Assert
    expect(grades).toEqual(['good', 'fair', 'needs_work']);
  });

  it('When the airbag or oil pressure light is on, then the grade is "needs_work", whatever else is fine', () => {
    // Act
    const airbag = conditionGradeOf(report({ warningLights: ['airbag'] }));
    const oil = conditionGradeOf(report({ warningLights: ['oil-pressure'] }));
    const checkEngine = conditionGradeOf(report({ warningLights: ['check-engine'] }));

    // Assert
    expect(airbag).toBe('needs_work');
    expect(oil).toBe('needs_work');
    expect(checkEngine).toBe('fair');
  });

  it('When panels are damaged, then small marks on two panels are "good", three panels or a medium one "fair", a large one "needs_work"', () => {
    // Arrange
    const small = (panel: ConditionReport['panelDamage'][number]['panel']) => ({ panel, kind: 'scratch' as const, size: 'small' as const });

    // Act
    const twoPanels = conditionGradeOf(report({ panelDamage: [small('hood'), small('trunk'), { ...small('hood'), kind: 'dent' }] }));
    const threePanels = conditionGradeOf(report({ panelDamage: [small('hood'), small('trunk'), small('roof')] }));
    const medium = conditionGradeOf(report({ panelDamage: [{ ...small('front-left-door'), size: 'medium' }] }));
    const large = conditionGradeOf(report({ panelDamage: [{ ...small('rear-bumper'), size: 'large' }] }));

    // Assert
    expect(twoPanels).toBe('good');
    expect(threePanels).toBe('fair');
    expect(medium).toBe('fair');
    expect(large).toBe('needs_work');
  });
});

describe('conditionReportSchema', () => {
  it('When a questionnaire is complete, then it is accepted as sent, an empty modifications text read as none', () => {
    // Act
    const parsed = conditionReportSchema.safeParse({ ...report(), modifications: '' });

    // Assert
    expect(parsed.success).toBe(true);
    expect(parsed.data?.modifications).toBeUndefined();
  });

  it('When answers are missing or a light is listed twice, then each field gets its own message', () => {
    // Act
    const parsed = conditionReportSchema.safeParse({ warningLights: ['abs', 'abs'], panelDamage: [{ panel: 'hood', kind: 'dent' }] });

    // Assert
    const messages = Object.fromEntries((parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toMatchObject({
      accidentHistory: 'Tell us about any accidents',
      tires: 'Choose the condition of the tires',
      'panelDamage.0.size': 'Choose the size',
      windshield: 'Choose the condition of the windshield',
      keys: 'Choose how many keys come with the car',
      serviceHistory: 'Choose the service history',
      smokedIn: 'Tell us whether the car was smoked in',
    });
  });

  it('When every field is valid but a warning light is listed twice, then the light list is refused', () => {
    // Act
    const parsed = conditionReportSchema.safeParse(report({ warningLights: ['abs', 'abs'] }));

    // Assert
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['warningLights', 'Choose each warning light once']]);
  });
});
